/**
 * Texts of the support page: how to reach the people who run this Murimi server, the guides, and a message form.
 * They come with that page's code (`features/support/support-texts.ts`), not with every screen's texts.
 */
export const supportTexts = {
  title: 'Support',
  subtitle: 'Help with Murimi: the guides, how to reach us, and a message straight to our support team.',
  loading: 'Loading the contact details…',
  contact: {
    title: 'Contact us',
    email: 'E-mail',
    phone: 'Telephone',
    none: 'This Murimi server has no contact details set up. Ask the programme or company that gave you your account.',
  },
  guides: {
    title: 'Guides',
    intro: 'Step-by-step help for the first week and beyond.',
    quickStart: 'Quick start: from a new account to your first report',
    features: 'What Murimi does, screen by screen',
    pricing: 'Prices and the free trial',
    terms: 'Terms and how we keep your data',
  },
  form: {
    title: 'Send us a message',
    intro: 'We answer by e-mail to {{email}}.',
    topic: 'What is it about?',
    topics: {
      question: 'A question',
      problem: 'Something is not working',
      billing: 'My plan or billing',
      data: 'My data or account',
    },
    message: 'Your message',
    messageHint: 'Say what you were doing and what you saw: the field, the screen, the day. At most 4,000 characters.',
    send: 'Send message',
    sending: 'Sending…',
    sent: 'Thank you. Your message reached us on {{time}}; we will answer by e-mail.',
    another: 'Write another message',
    keptDraft: 'Your message is kept on this device until it is sent.',
    unavailable: 'Messages cannot be sent from this page on this server. Please use the contact details above.',
  },
} as const;
