import '@mantine/core/styles/Fieldset.css';

import { ANSWER_FILE_MAX_BYTES, ANSWER_FILE_TYPES, type FileAnswer, isFileAnswer } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Button, Fieldset, FileButton, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useId, useRef, useState } from 'react';

import { FileAnswerSummary } from '../../components/FileAnswerSummary';
import { isApiError } from '../../lib/api-error';
import { errorMessage, issueTranslator } from '../../lib/error-text';

/** Sends a chosen file to the server; answers the FILE answer to keep in the form. */
export type AnswerUpload = (questionId: number, file: File) => Promise<FileAnswer>;

const MAX_MB = ANSWER_FILE_MAX_BYTES / (1024 * 1024);

/**
 * A FILE question: a button that opens the device's file picker (a real button: keyboard and screen
 * readers reach it), the chosen file's name and size, a way to take it away, and while it uploads a busy
 * button and a spoken status. The server's refusal (type, size, a checkout that ran out) shows under the
 * field in the buyer's language; a file over the limit is refused before it is sent. Without `upload`
 * (the buyer's later corrections) the answer is only shown.
 */
export function FileAnswerField({
  common,
  value,
  onChange,
  upload,
}: {
  common: { label: ReactNode; description?: ReactNode; required: boolean; error?: string };
  value: unknown;
  onChange: (value: FileAnswer | '') => void;
  upload?: (file: File) => Promise<FileAnswer>;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const reset = useRef<() => void>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const file = isFileAnswer(value as object) ? (value as FileAnswer) : null;
  const error = refusal ?? common.error;

  const choose = (picked: File | null) => {
    reset.current?.();
    if (!picked || !upload) return;
    setRefusal(null);
    if (picked.size > ANSWER_FILE_MAX_BYTES) {
      setRefusal(issueTranslator(i18n)({ key: 'file_too_large', values: { max: MAX_MB } }));
      return;
    }
    const name = picked.name;
    setBusy(true);
    setStatus(t`Uploading ${name}…`);
    upload(picked)
      .then((saved) => {
        onChange(saved);
        setStatus(t`${name} uploaded.`);
      })
      .catch((e: unknown) => {
        setStatus('');
        const onField = isApiError(e) ? Object.values(e.fieldErrors)[0]?.[0] : undefined;
        setRefusal(onField ?? errorMessage(e, i18n));
      })
      .finally(() => setBusy(false));
  };
  const remove = () => {
    setRefusal(null);
    onChange('');
    setStatus(t`File removed.`);
  };

  return (
    <Fieldset
      variant="unstyled"
      legend={
        <>
          {common.label}
          {common.required ? (
            <>
              <Text span c="red.8" aria-hidden>
                {' *'}
              </Text>
              <VisuallyHidden component="span"> {t`(required)`}</VisuallyHidden>
            </>
          ) : null}
        </>
      }
    >
      <Stack gap={6}>
        {common.description ? (
          <Text size="sm" c="dimmed">
            {common.description}
          </Text>
        ) : null}
        {upload ? (
          <Text size="xs" c="dimmed" id={`${id}-hint`}>
            {t`PDF, JPEG, PNG or WebP, at most ${MAX_MB} MB.`}
          </Text>
        ) : null}
        {file ? <FileAnswerSummary file={file} /> : null}
        {!file && !upload ? (
          <Text size="sm" c="dimmed">
            {t`No file uploaded.`}
          </Text>
        ) : null}
        {upload ? (
          <Group gap="xs">
            <FileButton resetRef={reset} onChange={choose} accept={ANSWER_FILE_TYPES.join(',')} disabled={busy}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                >
                  {file ? t`Choose another file` : t`Choose a file`}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Button
                variant="subtle"
                color="red.8"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={remove}
                disabled={busy}
              >
                {t`Remove file`}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {error ? (
          <Text size="xs" c="red.8" id={`${id}-error`}>
            {error}
          </Text>
        ) : null}
        <VisuallyHidden role="status" aria-live="polite">
          {status}
        </VisuallyHidden>
      </Stack>
    </Fieldset>
  );
}
