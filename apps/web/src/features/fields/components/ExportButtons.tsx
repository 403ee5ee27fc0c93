import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { describeError } from '../../../lib/form-errors.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { exportFields, type ExportFormat } from '../api/import-export.ts';

const formats: ExportFormat[] = ['geojson', 'kml', 'shapefile'];

/** Downloads the boundaries of a farm (or of every field) in the format another tool reads. */
export function ExportButtons({ farmId }: { farmId?: string }) {
  const { t } = useTranslation('app');
  // A download, not a write: nothing to keep for later, so no registered default.
  const download = useMutation({
    mutationKey: ['fields', 'export'],
    mutationFn: (format: ExportFormat) => exportFields(format, farmId),
    onSuccess: saveFile,
  });

  return (
    <section aria-labelledby="export-fields" className="flex flex-col gap-2">
      <h2 id="export-fields" className="font-semibold text-stone-900">
        {t('exportFields.title')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => (
          <Button key={format} variant="secondary" disabled={download.isPending} onClick={() => download.mutate(format)}>
            {download.isPending && download.variables === format ? t('exportFields.downloading') : t(`exportFields.${format}`)}
          </Button>
        ))}
      </div>
      {download.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('exportFields.failed', { message: describeError(download.error) })}
        </p>
      )}
    </section>
  );
}
