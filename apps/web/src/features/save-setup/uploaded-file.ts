/** A file the workshop added to IPFS, as the Crust panel orders it. */
export interface UploadedFile {
  cid: string;
  /** Bytes of the uploaded text: the reported file size of the Crust order. */
  size: number;
}
