/**
 * Whether a node refused to pool a signed transaction because another transaction of the same
 * signer took its nonce: one with that nonce is in the pool (1014, priority too low to replace
 * it) or already in a block (1010, outdated; "stale" on some nodes). Such a refusal is the answer
 * to the submission, so nothing of this signature was pooled: signed again with the next nonce,
 * the transaction can go through. Any other 1010 (fees, signature) is not about the nonce.
 */
export function nonceTaken(code: unknown, message: unknown): boolean {
  if (code === 1014) return true;
  return code === 1010 && /outdated|stale/i.test(String(message));
}
