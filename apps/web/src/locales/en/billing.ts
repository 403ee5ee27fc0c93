/**
 * Texts of the billing screen: the organisation's plan, its price by the published rules and its free trial. They
 * come with that screen's code (`features/billing/billing-texts.ts`), not with every screen's texts.
 */
export const billingTexts = {
  title: 'Plan & billing',
  subtitle: 'Your plan and what it costs each month, by the prices on our pricing page. No payment is taken in the app.',
  loading: 'Working out your plan…',
  /** Sizes to the hundredth of a hectare: the price is worked out on them, so the reader can check it. */
  hectares: '{{value}} ha',
  notAllowed: 'The owner and managers of {{organisation}} see its plan and billing. Ask one of them if you need to know.',
  trial: {
    title: 'Free trial',
    left_one: '{{count}} day left, until {{date}}.',
    left_other: '{{count}} days left, until {{date}}.',
    leftNote: 'Every feature is included. No card is needed, and nothing is charged unless you choose a paid plan.',
    ended: 'Your free trial ended on {{date}}.',
    endedNote: 'To keep using Murimi on a paid plan, contact us and we will arrange the payment with you:',
    contactLink: 'Contact support',
  },
  plan: {
    title: 'Your plan',
    farm: 'Farm Pricing',
    bulk: 'NGO & Bulk',
    farmRule:
      '{{base}} a month for each farm up to {{baseHectares}} ha, plus {{extra}} for each hectare above {{baseHectares}} ha, farm by farm.',
    bulkRule: '{{price}} a month for each farm, whatever its size, for programmes of {{farms}} farms or more.',
    towardsBulk: 'With {{farms}} farms or more, your organisation moves to NGO & Bulk at {{price}} a farm.',
    perMonth: 'per month',
    afterTrial: 'after the trial',
    farms: 'Farms',
    hectares: 'Hectares in fields',
    price: 'Monthly price',
    pricingLink: 'See all prices',
  },
  farms: {
    title: 'Farms',
    largest: 'The {{shown}} largest of your {{count}} farms.',
    farm: 'Farm',
    size: 'Size',
    price: 'Per month',
    noFields: 'no fields yet',
  },
  empty: {
    title: 'No farms yet',
    message: 'You have no farms yet, so nothing would be charged. Add your first farm and field to start monitoring.',
    action: 'Add a farm and field',
  },
} as const;
