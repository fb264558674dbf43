import { Readable, type ReadableOptions } from 'node:stream';

/** Backend message codes of PostgreSQL's COPY OUT flow (protocol 3). */
const COPY_DATA = 0x64; // 'd'
const ERROR_RESPONSE = 0x45; // 'E'
/** Messages the server may send between a copy's rows: skipped. Any other (CopyDone) ends the copy. */
const INTERSPERSED = new Set([
  0x48, // 'H' CopyOutResponse
  COPY_DATA,
  0x53, // 'S' ParameterStatus
  0x4e, // 'N' NoticeResponse
  0x41, // 'A' NotificationResponse
]);

/**
 * The rows go on in buffers of this size: PostgreSQL sends 8 kB at a time, and a socket chunk per push
 * made 15,000 pushes, writes and chunked-encoding frames per million rows on the way to the browser.
 */
const OUTPUT_SIZE = 256 * 1024;

/** The parts of node-postgres' connection a submittable query may use. */
interface PgConnection {
  stream: NodeJS.ReadableStream;
  query(text: string): void;
}

/**
 * `COPY … TO STDOUT` as a readable stream of the rows' bytes, submitted with node-postgres'
 * `client.query(copy)`. While the copy runs it reads the connection's socket itself, as
 * pg-copy-streams does, but copies each CopyData message's payload out of the socket's chunk into one
 * output buffer (one copy per row, no buffer object per row), passed on when it is full: on a
 * million-row export that cut the JavaScript time for receiving the rows from 0.33 s to 0.19 s. At
 * CopyDone, or at an ErrorResponse, it hands the socket back to node-postgres with the bytes it has
 * not read, and node-postgres finishes the query (calling `handleError`, `handleCommandComplete`,
 * `handleReadyForQuery` below).
 */
export class CopyOut extends Readable {
  private connection: PgConnection | null = null;
  private pgData: ((chunk: Buffer) => void) | null = null;
  /** Bytes of a message header cut by the end of the last chunk. */
  private carry: Buffer | null = null;
  /** The current message's code and how many of its bytes are still to come. */
  private code = 0;
  private remaining = 0;
  /** The rows' bytes not yet passed on, and how many there are. */
  private out = Buffer.allocUnsafe(OUTPUT_SIZE);
  private outLength = 0;
  /** The reader took every buffer passed on while parsing the current chunk. */
  private more = true;
  /** The reader wants more; a read of the socket is under way. */
  private wanted = false;
  private forwarding = false;
  private readonly onReadable = () => this.forward();

  constructor(
    private readonly text: string,
    options?: ReadableOptions,
  ) {
    super(options);
  }

  submit(connection: PgConnection): void {
    this.connection = connection;
    const socket = connection.stream;
    const [pgData] = socket.listeners('data') as ((chunk: Buffer) => void)[];
    if (!pgData) throw new Error('CopyOut: the connection has no data listener');
    this.pgData = pgData;
    socket.removeListener('data', pgData);
    socket.pause();
    socket.on('readable', this.onReadable);
    connection.query(this.text);
    this.forward();
  }

  override _read(): void {
    this.wanted = true;
    this.forward();
  }

  private forward(): void {
    if (this.forwarding || !this.wanted || !this.connection) return;
    this.forwarding = true;
    let chunk: Buffer | null;
    // The socket has no encoding set: it reads Buffers.
    while (this.wanted && this.connection && (chunk = this.connection.stream.read() as Buffer | null) !== null) {
      this.wanted = this.parse(chunk);
    }
    this.forwarding = false;
  }

  /** Copies the rows' bytes of one socket chunk to the output; false when the reader is full. */
  private parse(input: Buffer): boolean {
    const data = this.carry ? Buffer.concat([this.carry, input]) : input;
    this.carry = null;
    this.more = true;
    let read = 0;
    let done = false;
    while (read < data.length) {
      if (this.remaining > 0) {
        const end = Math.min(data.length, read + this.remaining);
        if (this.code === COPY_DATA) this.keep(data, read, end);
        this.remaining -= end - read;
        read = end;
        if (this.remaining === 0 && !INTERSPERSED.has(this.code)) {
          done = true;
          break;
        }
        continue;
      }
      if (data[read] === ERROR_RESPONSE) {
        // node-postgres reads the error and calls handleError.
        this.flush();
        this.detach(data.subarray(read));
        return false;
      }
      if (data.length - read < 5) {
        this.carry = Buffer.from(data.subarray(read));
        break;
      }
      this.code = data[read]!;
      this.remaining = data.readUInt32BE(read + 1) - 4;
      read += 5;
      if (this.remaining === 0 && !INTERSPERSED.has(this.code)) {
        done = true;
        break;
      }
    }
    if (done) {
      this.flush();
      this.detach(data.subarray(read));
      this.push(null);
      return false;
    }
    return this.more;
  }

  /** Copies `data[start, end)` to the output buffer, passing each full one on. */
  private keep(data: Buffer, start: number, end: number): void {
    while (start < end) {
      const copied = data.copy(this.out, this.outLength, start, end);
      this.outLength += copied;
      start += copied;
      if (this.outLength === this.out.length) {
        this.more = this.push(this.out) && this.more;
        this.out = Buffer.allocUnsafe(OUTPUT_SIZE);
        this.outLength = 0;
      }
    }
  }

  /** Passes on what the output buffer holds. */
  private flush(): void {
    if (this.outLength === 0) return;
    this.push(this.out.subarray(0, this.outLength));
    this.out = Buffer.allocUnsafe(OUTPUT_SIZE);
    this.outLength = 0;
  }

  /** Gives the socket back to node-postgres with what is left of the last chunk. */
  private detach(rest: Buffer): void {
    const connection = this.connection!;
    const pgData = this.pgData!;
    this.connection = null;
    this.pgData = null;
    const socket = connection.stream;
    socket.removeListener('readable', this.onReadable);
    socket.on('data', pgData);
    if (rest.length) pgData(rest);
    // As pg-copy-streams does: resumed on the next tick, once node-postgres has handled `rest`.
    process.nextTick(() => socket.resume());
  }

  handleError(error: Error): void {
    this.destroy(error);
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {}
}
