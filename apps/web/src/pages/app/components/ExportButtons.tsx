import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { fieldsApi, type ExportFormat } from '../../../lib/api/resources.ts';

const formats: ExportFormat[] = ['geojson', 'kml', 'shapefile'];

/** Downloads the boundaries of a farm (or of every field) in the format another tool reads. */
export function ExportButtons({ farmId }: { farmId?: string }) {
  const { t } = useTranslation('app');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function download(format: ExportFormat) {
    setBusy(format);
    setProblem(null);
    try {
      const { blob, fileName } = await fieldsApi.exportFile(format, farmId);
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(t('exportFields.failed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="export-fields" className="flex flex-col gap-2">
      <h2 id="export-fields" className="font-semibold text-stone-900">
        {t('exportFields.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => (
          <Button key={format} variant="secondary" disabled={busy !== null} onClick={() => void download(format)}>
            {busy === format ? t('exportFields.downloading') : t(`exportFields.${format}`)}
          </Button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}
