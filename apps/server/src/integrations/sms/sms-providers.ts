import type { SmsConfig } from '../../config.ts';
import { createAfricasTalkingProvider } from './africas-talking.ts';
import type { SmsProvider, SmsProviderDependencies, SmsProviderName } from './sms-provider.ts';
import { createTwilioProvider } from './twilio.ts';

/** The provider that sends our messages (`SMS_PROVIDER`), or null when SMS is off (`none`). */
export function smsProviderFor(config: SmsConfig, dependencies: SmsProviderDependencies = {}): SmsProvider | null {
  return config.provider === null ? null : configuredSmsProvider(config, config.provider, dependencies);
}

/**
 * The adapter of `name` with its settings, or null when its variables are not set. For the webhooks: a provider's
 * delivery reports and inbound messages may come in while the other one sends.
 */
export function configuredSmsProvider(
  config: SmsConfig,
  name: SmsProviderName,
  dependencies: SmsProviderDependencies = {},
): SmsProvider | null {
  if (name === 'africastalking') {
    return (
      config.africasTalking &&
      createAfricasTalkingProvider({ ...dependencies, settings: { ...config.africasTalking, timeoutMs: config.timeoutMs } })
    );
  }
  return config.twilio && createTwilioProvider({ ...dependencies, settings: { ...config.twilio, timeoutMs: config.timeoutMs } });
}
