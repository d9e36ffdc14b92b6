import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Image, Loader, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
/** The encoder loads with the first code shown, not with the screen. */
const encoder = () => import('qrcode');

/**
 * The QR code of `value` (an address), drawn in the browser, with a PNG to download for print (only with a
 * `fileName`: a secret's code is for the screen alone).
 */
export function QrCodeImage({ value, alt, fileName }: { value: string; alt: string; fileName?: string }) {
  const { t } = useLingui();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void encoder()
      .then((QRCode) => QRCode.toString(value, { ...OPTIONS, type: 'svg' }))
      .then((code) => live && setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code)}`));
    return () => {
      live = false;
    };
  }, [value]);
  /** A print-sized PNG, made when asked for. */
  const download = async (fileName: string) => {
    const png = await (await encoder()).toDataURL(value, { ...OPTIONS, width: 1024 });
    const link = Object.assign(document.createElement('a'), { href: png, download: fileName });
    link.click();
  };
  if (!svg) return <Loader size="sm" aria-label={t`Drawing the QR code`} />;
  return (
    <Stack gap="xs" align="center">
      <Image src={svg} alt={alt} w={200} h={200} data-testid="qr-code" data-value={value} />
      {fileName ? (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download(fileName)}
        >
          <Trans>Download QR code (PNG)</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}
