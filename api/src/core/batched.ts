import { Transform } from 'node:stream';

/** A stream that passes its bytes on in pieces of `size` bytes (the last one shorter). */
export function batched(size: number): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  const flush = (stream: Transform) => {
    if (length === 0) return;
    stream.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, length));
    parts = [];
    length = 0;
  };
  return new Transform({
    readableHighWaterMark: size * 2,
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      if (length >= size) flush(this);
      done();
    },
    flush(done) {
      flush(this);
      done();
    },
  });
}
