import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format.ts';
import { roundedMb } from '../pack-size.ts';

/**
 * Bytes as the pack screens write them: `exact` for what was measured ("23 MB"), `about` for an estimate
 * ("about 23 MB"); a pack under a tenth of a MB is "under 0.1 MB" either way.
 */
export function useMegabytes(): { exact: (bytes: number) => string; about: (bytes: number) => string } {
  const { t } = useTranslation('app');
  const write = (bytes: number, estimate: boolean) => {
    const { mb, digits, tiny } = roundedMb(bytes);
    const value = formatNumber(mb, digits);
    if (tiny) return t('fieldPacks.underMb', { value });
    return estimate ? t('fieldPacks.aboutMb', { value }) : t('fieldPacks.mb', { value });
  };
  return { exact: (bytes) => write(bytes, false), about: (bytes) => write(bytes, true) };
}
