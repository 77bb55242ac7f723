/** A lever's refusal: the HTTP status and the words the control server answers with. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
