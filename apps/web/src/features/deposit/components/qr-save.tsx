import { Button } from '@member-wallet/ui/button';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { QrPictureTexts } from '../qr-picture.ts';

interface Picture {
  url: string;
  name: string;
  share: (() => Promise<void>) | null;
}

const LINK_CLASS =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * "Save picture" and, where the browser shares files, "Share" for the shown QR (issue 21): the picture is drawn
 * once the QR is on screen, by code loaded only then, and offered as a download with its file name.
 */
export function QrSave({ source, name, texts }: { source: string; name: string; texts: QrPictureTexts }) {
  const { t } = useTranslation();
  const [picture, setPicture] = useState<Picture | null>(null);
  const { recipient, amount, expiry } = texts;

  useEffect(() => {
    let url: string | null = null;
    let current = true;
    void import('../qr-picture.ts')
      .then(async ({ drawQrPicture, sharePicture }) => {
        const blob = await drawQrPicture(source, { recipient, amount, expiry });
        if (!current) return;
        url = URL.createObjectURL(blob);
        const file = new File([blob], name, { type: 'image/png' });
        setPicture({ url, name, share: sharePicture(file) });
      })
      // Without the picture the QR is still on screen to scan: the buttons just do not appear.
      .catch((error: unknown) => console.error(error));
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, name, recipient, amount, expiry]);

  if (!picture) return null;
  return (
    <div className="flex gap-2">
      <a href={picture.url} download={picture.name} className={LINK_CLASS}>
        {t('edges.qr.save')}
      </a>
      {picture.share ? (
        <Button variant="secondary" className="flex-1" onClick={() => void picture.share?.().catch(console.error)}>
          {t('edges.qr.share')}
        </Button>
      ) : null}
    </div>
  );
}
