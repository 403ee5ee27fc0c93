/** SMS text: which alphabet a message needs and how many parts it is sent and billed as. */
export * from './sms-segments.ts';
