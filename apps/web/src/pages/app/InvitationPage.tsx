import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { invitationPreviewSchema } from '@murimi/core';
import type { z } from 'zod';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { useSession } from '../../features/auth/use-session.ts';
import { acceptInvitation } from '../../features/members/organisation-switch.ts';
import { api } from '../../lib/api/client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { describeError } from '../../lib/form-errors.ts';
import { usePeopleTexts } from '../../features/members/people-texts.ts';

type Preview = z.infer<typeof invitationPreviewSchema>;

/**
 * Where an invitation's link lands: the e-mailed `/invitation?token=…` or the SMS's `/i/<slug>` (with its code). It says
 * which organisation invites and as what; a person signed out signs in or registers and comes back here; a person
 * signed in joins and is taken to that organisation's dashboard.
 */
export default function InvitationPage() {
  const { t } = usePeopleTexts();
  usePageTitle(t('invitation.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSearchParams()[0].get('token');
  const slug = useParams().slug ?? null;
  const signedIn = useSession().status === 'signed-in';
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const query = token ? `token=${encodeURIComponent(token)}` : `slug=${encodeURIComponent(slug ?? '')}`;
  const preview = useQuery({
    queryKey: ['invitation', query],
    queryFn: async () => (await api.get<{ data: Preview }>(`/api/invitations/preview?${query}`)).data,
    enabled: Boolean(token ?? slug),
    retry: false,
    staleTime: Infinity,
  });
  const join = useMutation({
    networkMode: 'always',
    mutationFn: () => acceptInvitation(token ? { token } : { slug: slug!, code: code.trim() }),
    onSuccess: (outcome) => {
      if (outcome === 'unsent-writes') setProblem(t('invitation.unsentWrites'));
      else void navigate('/dashboard', { replace: true });
    },
    onError: (error) => setProblem(describeError(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    join.mutate();
  };
  const from = `${location.pathname}${location.search}`;
  return (
    <AuthCard title={t('invitation.title')}>
      {preview.isPending && (token ?? slug) ? <Spinner label={t('invitation.checking')} /> : null}
      {(!(token ?? slug) || preview.isError) && (
        <>
          <FormError message={t('invitation.invalid')} />
          <ButtonLink to="/" variant="secondary" className="mt-6">
            {t('invitation.home')}
          </ButtonLink>
        </>
      )}
      {preview.data && (
        <>
          <p className="text-lg text-stone-900">
            {t('invitation.invites', { organisation: preview.data.organisation, role: t(`roles.${preview.data.role}`) })}
          </p>
          {signedIn ? (
            <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
              {preview.data.needsCode && (
                <TextInput
                  label={t('invitation.code')}
                  hint={t('invitation.codeHint')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              )}
              <FormError message={problem} />
              <Button type="submit" disabled={join.isPending || (preview.data.needsCode && code.trim().length !== 6)}>
                {join.isPending ? t('invitation.joining') : t('invitation.join', { organisation: preview.data.organisation })}
              </Button>
            </form>
          ) : (
            <div className="mt-6 flex flex-col gap-3">
              <p className="text-stone-700">{t('invitation.signInFirst')}</p>
              <ButtonLink to="/login" state={{ from }}>
                {t('invitation.signIn')}
              </ButtonLink>
              <ButtonLink to="/register" state={{ from }} variant="secondary">
                {t('invitation.register')}
              </ButtonLink>
            </div>
          )}
        </>
      )}
    </AuthCard>
  );
}
