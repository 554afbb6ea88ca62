// Toasts for the money-moving calls: success shows the server's message (already in the
// subscriber's language); a failure shows WALLET.SERVERERROR's words and, when known, the reason.
import type { I18n } from '@lingui/core';
import { FALLBACK_MESSAGE_KEY, messageKeyOf } from '../../../machines/rules/messageKey';
import type { AirtimeAnswer, CashOutAnswer } from '../../api/wallet';
import type { ToastMessage } from '../../components/Toast';
import { SERVER_MESSAGES, translateServerMessage } from '../../i18n/serverMessages';

let nextId = 1;

export function successToast(i18n: I18n, answer: AirtimeAnswer | CashOutAnswer): ToastMessage {
  const status = 'status' in answer ? answer.status : undefined;
  return {
    kind: status === 'FAILED' ? 'failure' : status === 'PENDING' ? 'warning' : 'success',
    title: answer.message || translateServerMessage(i18n, answer.messageKey),
    id: nextId++,
  };
}

export function failureToast(i18n: I18n, error: unknown): ToastMessage {
  const key = messageKeyOf(error);
  const known = key !== FALLBACK_MESSAGE_KEY && key in SERVER_MESSAGES;
  return {
    kind: 'failure',
    title: translateServerMessage(i18n, 'WALLET.SERVERERROR'),
    text: known ? translateServerMessage(i18n, key) : undefined,
    id: nextId++,
  };
}
