/** Two-way SMS and USSD: the words a farmer texts, and a field's state in a few words. */
export * from './sms-commands.ts';
export * from './field-status.ts';
