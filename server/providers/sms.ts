// Sending SMS (codes, replies, notices). Africa's Talking is the provider (server/rails/africastalking/;
// in demo mode its emulator, whose messages /dev/sms reads); a generic HTTP gateway is the other option.

export interface SmsMessage {
  /** Normalised msisdn. */
  to: string;
  text: string;
  /** The code inside `text`, kept only by the dev outbox so tests and demos can read it. */
  otp?: string;
}

export interface SmsProvider {
  /** Resolves once the provider accepted the message; throws SmsUnavailableError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsUnavailableError extends Error {
  override name = 'SmsUnavailableError';
}

/** A gateway that takes `POST {to, text}` with an optional bearer token; any non-2xx is a failure. */
export class HttpSmsGateway implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsUnavailableError('SMS gateway unreachable', { cause: error });
    }
    if (!response.ok) throw new SmsUnavailableError(`SMS gateway answered ${response.status}`);
  }
}
