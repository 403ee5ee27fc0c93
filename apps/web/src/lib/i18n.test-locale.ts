import type { PartialLocale } from './i18n.ts';

/**
 * A few texts in Portuguese (as written in Mozambique and Angola), for the tests of lazy locale loading only: the
 * app offers no Portuguese yet. The keys left out show in English.
 */
export const pt = {
  common: {
    loading: 'A carregar…',
    nav: { dashboard: 'Painel', settings: 'Definições' },
    problems: {
      FIELD_TOO_SMALL:
        'Este campo mede {{areaHectares}} ha. O tamanho mínimo de um campo é {{minHectares}} ha ({{minAcres}} acres): campos mais pequenos dão leituras de satélite pouco fiáveis.',
    },
  },
} satisfies PartialLocale;
