// TEMPORARY until receipts are merged: the reference of an accepted slip's answer.
export function referenceOf(body: { submissionId: string; receipt?: { reference: string } }): string {
  return body.receipt?.reference ?? `J14-${body.submissionId.slice(0, 6).toUpperCase()}`;
}
