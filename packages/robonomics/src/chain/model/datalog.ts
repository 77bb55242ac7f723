/** One Datalog record. */
export interface DatalogRecord {
  /** Block timestamp of the record, ms. */
  time: number;
  /** The record as UTF-8 text. */
  text: string;
}
