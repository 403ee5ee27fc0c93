import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeProblem } from './form-errors.ts';
import { formatDate, formatNumber, formatUsd } from './format.ts';
import i18next, { changeLanguage, localeLoaders, type PartialLocale } from './i18n.ts';

const tooSmall = {
  message: 'This field measures 0.48 ha. The minimum field size is 0.5 ha (1.2 acres): smaller fields give unreliable satellite readings.',
  code: 'FIELD_TOO_SMALL',
  params: { areaHectares: 0.48, minHectares: 0.5, minAcres: 1.2 },
};

describe('texts and formats by language', () => {
  const loadPortuguese = vi.fn(() => import('./i18n.test-locale.ts').then((module) => module.pt));

  afterAll(async () => {
    await changeLanguage('en');
    delete localeLoaders.pt;
  });

  it('words a coded problem from the English locale with the same words as core', () => {
    expect(describeProblem(tooSmall)).toBe(tooSmall.message);
    // A measured area keeps core's two decimals below 10 ha and whole hectares above.
    expect(describeProblem({ ...tooSmall, params: { ...tooSmall.params, areaHectares: 0.3 } })).toContain('measures 0.30 ha.');
    expect(describeProblem({ message: 'x', code: 'FIELD_TOO_LARGE', params: { areaHectares: 12_000.4, maxHectares: 10_000 } })).toContain(
      'measures 12,000 ha, more than the 10,000 ha',
    );
    expect(describeProblem({ message: 'x', code: 'TOO_FEW_POINTS', params: { ring: 'hole', minCorners: 3 } })).toBe(
      'A hole in a field needs at least three different corners.',
    );
    expect(describeProblem({ message: 'Position is off.', code: 'NOT_A_KNOWN_CODE', params: {} })).toBe('Position is off.');
    expect(describeProblem({ message: 'Farm not found.' })).toBe('Farm not found.');
  });

  it('formats English numbers, days and prices as the English of the app writes them', () => {
    expect(formatNumber(12_345.678)).toBe('12,345.68');
    expect(formatDate('2026-11-15')).toBe('15 Nov 2026');
    expect(formatUsd(12.5)).toBe('$12.50');
  });

  it('loads another locale only when it is chosen, and shows English where it has no text', async () => {
    localeLoaders.pt = loadPortuguese;
    expect(loadPortuguese).not.toHaveBeenCalled();
    expect(i18next.t('nav.dashboard')).toBe('Dashboard');

    await changeLanguage('pt');
    expect(loadPortuguese).toHaveBeenCalledTimes(1);
    expect(i18next.t('nav.dashboard')).toBe('Painel');
    expect(i18next.t('nav.myFields')).toBe('My Fields');
    expect(i18next.t('setup.title', { ns: 'app' })).toBe('Field Setup');

    // Numbers and dates follow the language; a coded problem takes the locale's words, or English's.
    expect(formatNumber(12_345.678)).toBe('12.345,68');
    expect(formatDate('2026-11-15')).toMatch(/^15 de nov\.? de 2026$/);
    expect(describeProblem(tooSmall)).toBe(
      'Este campo mede 0,48 ha. O tamanho mínimo de um campo é 0,5 ha (1,2 acres): campos mais pequenos dão leituras de satélite pouco fiáveis.',
    );
    expect(describeProblem({ message: 'x', code: 'SELF_INTERSECTION', params: {} })).toBe(
      'The boundary crosses itself. Redraw it so that its edges do not cross, going once around the field.',
    );

    await changeLanguage('en');
    await changeLanguage('pt');
    expect(loadPortuguese).toHaveBeenCalledTimes(1);
  });

  it('falls back to English for a language it has no locale for', async () => {
    await changeLanguage('sn');
    expect(i18next.t('nav.dashboard')).toBe('Dashboard');
    await changeLanguage('en');
  });

  it('refuses, at type-check time, a locale key English does not have', () => {
    const misspelt = {
      common: {
        nav: {
          // @ts-expect-error "dashbord" is not a key of the English locale
          dashbord: 'Painel',
        },
      },
    } satisfies PartialLocale;
    expect(misspelt.common.nav).toBeDefined();
  });
});
