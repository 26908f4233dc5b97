/** Why a call could not reach the provider at all. */
export type TransportErrorCode =
  | 'network'
  | 'invalid-response'
  | 'script-load'
  | 'sdk-unavailable'
  | 'outage';

/**
 * A call that never got a provider answer (network down, non-JSON answer, vendor script not loadable). The app
 * shows "An unexpected error has occurred." with `code`; provider errors never take this path, they resolve.
 */
export class IdentityTransportError extends Error {
  readonly code: TransportErrorCode;
  readonly status?: number;

  constructor(code: TransportErrorCode, message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'IdentityTransportError';
    this.code = code;
    this.status = options.status;
  }
}

export function isIdentityTransportError(error: unknown): error is IdentityTransportError {
  return error instanceof IdentityTransportError;
}
