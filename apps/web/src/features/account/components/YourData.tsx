import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { describeError } from '../../../lib/form-errors.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { usePeopleTexts } from '../../members/people-texts.ts';
import { apiDownload } from '../../../lib/api/client.ts';

/** Everything the person wrote, with who they are, as one zip archive. */
const downloadMyData = () => apiDownload('/api/account/export');
/** The whole organisation (people, farms, fields, records, audit trail), for its owner. */
const downloadOrganisationData = () => apiDownload('/api/organisation/export');

/** A download button with its busy and failed states; a download is not a write, so nothing is kept for later. */
export function DownloadButton({ label, download }: { label: string; download: () => Promise<{ blob: Blob; fileName: string }> }) {
  const { t } = usePeopleTexts();
  const saving = useMutation({ mutationKey: ['account', 'download', label], mutationFn: download, onSuccess: saveFile });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex sm:justify-end">
        <Button variant="secondary" disabled={saving.isPending} onClick={() => saving.mutate()} className="w-full sm:w-auto">
          {saving.isPending ? t('yourData.preparing') : label}
        </Button>
      </div>
      {saving.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('yourData.downloadFailed', { message: describeError(saving.error) })}
        </p>
      )}
    </div>
  );
}

/** The person's own data to take away: their profile, organisations and every record they wrote. */
export function YourDataCard() {
  const { t } = usePeopleTexts();
  return (
    <Card title={t('yourData.title')}>
      <div className="flex flex-col gap-3">
        <p className="text-stone-700">{t('yourData.intro')}</p>
        <DownloadButton label={t('yourData.download')} download={downloadMyData} />
      </div>
    </Card>
  );
}

/** The whole organisation's data, for its owner. */
export function OrganisationDataCard({ organisation }: { organisation: string }) {
  const { t } = usePeopleTexts();
  return (
    <Card title={t('yourData.organisationTitle')}>
      <div className="flex flex-col gap-3">
        <p className="text-stone-700">{t('yourData.organisationIntro', { organisation })}</p>
        <DownloadButton label={t('yourData.organisationDownload')} download={downloadOrganisationData} />
      </div>
    </Card>
  );
}
