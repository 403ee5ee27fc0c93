import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { api } from '../../../lib/api/client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { useMe } from '../../account/api/account.ts';
import { FIELD_KEYS } from '../../offline/sync-actions.ts';

/** The keys a history names in words (`history.keys`); any other is shown as the API names it. */
const KEYS_IN_WORDS = [...FIELD_KEYS, 'groupId', 'farmerUserId', 'location', 'district', 'country', 'notes'] as const;
const inWords = (key: string): key is (typeof KEYS_IN_WORDS)[number] => (KEYS_IN_WORDS as readonly string[]).includes(key);

interface AuditEvent {
  at: string;
  action: 'created' | 'changed' | 'deleted';
  recordKind: string;
  changedKeys: string[];
  person: { userId: string; name: string } | null;
}

function HistoryList({ recordId }: { recordId: string }) {
  const { t } = useTranslation('app');
  const history = useQuery({
    queryKey: ['audit', recordId],
    queryFn: async () => (await api.get<{ data: AuditEvent[] }>(`/api/audit?recordId=${recordId}`)).data,
  });
  return (
    <QueryState query={history} loadingLabel={t('history.loading')} empty={t('history.empty')}>
      {(events) => (
        <ol className="divide-y divide-stone-200">
          {events.map((event) => (
            <li key={`${event.at}-${event.action}`} className="py-2">
              <p className="text-stone-900">
                {t(`history.${event.action}`, { person: event.person?.name ?? t('history.nobody') })}
                {event.changedKeys.length > 0 && (
                  <span className="text-stone-700">
                    {' '}
                    ({event.changedKeys.map((key) => (inWords(key) ? t(`history.keys.${key}`) : key)).join(', ')})
                  </span>
                )}
              </p>
              <p className="text-sm text-stone-600">{formatTimestamp(event.at)}</p>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

/** Who created and changed a record, and when, from the audit trail: for those the policy lets read it. */
export function RecordHistory({ recordId }: { recordId: string }) {
  const { t } = useTranslation('app');
  const me = useMe();
  if (!me.data?.organisation.allowed.includes('audit.read')) return null;
  return (
    <Card title={t('history.title')}>
      <HistoryList recordId={recordId} />
    </Card>
  );
}
