/** Alert rules: pure functions from weather, imagery and the water balance to alerts with evidence and episode keys. */
export * from './alert.ts';
export * from './alert-messages.ts';
export * from './weather-alerts.ts';
export * from './crop-alerts.ts';
export * from './degree-days.ts';
export * from './pest-alerts.ts';
export * from './evaluate-field.ts';
export * from './episode-continuity.ts';
