// SMS through Africa's Talking (DESIGN "Payment and messaging rails"). The text is made GSM-7 where
// that keeps its meaning (one part is 160 characters, not 70) and cut to three parts at most.
import { type SmsMessage, type SmsProvider, SmsUnavailableError } from '../../providers/sms.ts';
import { fitParts, toGsm7 } from '../gsm7.ts';
import type { Fetch } from '../types.ts';

export interface AfricasTalkingSmsOptions {
  /** https://api.africastalking.com/version1 */
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
  timeoutMs?: number;
  fetch?: Fetch;
}

export interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}

export interface AtSmsAnswer {
  SMSMessageData: { Message: string; Recipients: AtRecipient[] };
}

/** Most parts a message may take (longer texts are cut, ending with "..."). */
export const MAX_SMS_PARTS = 3;

/** `+266XXXXXXXX` from our `266XXXXXXXX`. */
export const international = (msisdn: string) => `+${msisdn.replace(/^\+/, '')}`;

/** The text as it is sent: GSM-7 where possible, at most MAX_SMS_PARTS parts. */
export const smsText = (text: string) => fitParts(toGsm7(text), MAX_SMS_PARTS);

/** 100 Processed, 101 Sent, 102 Queued: accepted. Everything else is a failure to retry. */
export const isAccepted = (statusCode: number) => statusCode >= 100 && statusCode <= 102;

export class AfricasTalkingSms implements SmsProvider {
  readonly #options: AfricasTalkingSmsOptions;
  readonly #fetch: Fetch;

  constructor(options: AfricasTalkingSmsOptions) {
    this.#options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  async send(message: SmsMessage): Promise<void> {
    const { baseUrl, username, apiKey, senderId, timeoutMs = 10_000 } = this.#options;
    const to = international(message.to);
    const form = new URLSearchParams({ username, to, message: smsText(message.text) });
    if (senderId) form.set('from', senderId);
    let answer: AtSmsAnswer;
    try {
      const response = await this.#fetch(`${baseUrl}/messaging`, {
        method: 'POST',
        headers: {
          apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new SmsUnavailableError(`Africa's Talking answered ${response.status}`);
      answer = (await response.json()) as AtSmsAnswer;
    } catch (error) {
      if (error instanceof SmsUnavailableError) throw error;
      throw new SmsUnavailableError("Africa's Talking unreachable", { cause: error });
    }
    const recipient = answer?.SMSMessageData?.Recipients?.find((r) => r.number === to);
    if (!recipient || !isAccepted(Number(recipient.statusCode))) {
      const why = recipient ? `${recipient.statusCode} ${recipient.status}` : answer?.SMSMessageData?.Message;
      throw new SmsUnavailableError(`SMS to ${to} not sent: ${why ?? 'no answer'}`);
    }
  }
}
