/** What alerts, SMS, USSD screens, alert e-mails and the weekly digest say, in the reader's language. */
export * from './texts-en.ts';
export * from './languages.ts';
export * from './notification-format.ts';
export * from './sms-text.ts';
export * from './alert-texts.ts';
export * from './local-time.ts';
export * from './alert-email.ts';
