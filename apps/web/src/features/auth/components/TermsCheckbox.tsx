import { Trans } from '@lingui/react/macro';
import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { legalLinksQueryOptions } from '../api/auth';

/** A link of the terms' label: a new tab, so the form keeps what was typed. */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit underline="always">
      {children}
    </Anchor>
  );
}

/**
 * "I accept the terms and conditions", linking to the operator's terms and privacy policy where set (TERMS_URL,
 * PRIVACY_URL).
 */
export function TermsCheckbox(props: CheckboxProps) {
  const legal = useQuery(legalLinksQueryOptions()).data;
  const terms = legal?.terms_url;
  const privacy = legal?.privacy_url;
  const label =
    terms && privacy ? (
      <Trans>
        I accept the <LegalLink href={terms}>terms and conditions</LegalLink> and the{' '}
        <LegalLink href={privacy}>privacy policy</LegalLink>
      </Trans>
    ) : terms ? (
      <Trans>
        I accept the <LegalLink href={terms}>terms and conditions</LegalLink>
      </Trans>
    ) : privacy ? (
      <Trans>
        I accept the terms and conditions and the <LegalLink href={privacy}>privacy policy</LegalLink>
      </Trans>
    ) : (
      <Trans>I accept the terms and conditions</Trans>
    );
  return <Checkbox label={label} required {...props} />;
}
