import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
};

// RFC 2047: whitespace between two encoded words is not part of the text.
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              'latin1',
            ).toString('utf8'),
    );

const decodeBody = (body: string, encoding: string | undefined) => {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable': {
      const joined = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i += 1) {
        const hex =
          joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
        if (hex) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
};

/** Reads a single-part text mail as nodemailer writes it: unfolded headers, decoded subject and body. */
export const parseMail = (raw: string) => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: decodeBody(raw.slice(split + 4), headers['content-transfer-encoding']).replace(
      /\r\n/g,
      '\n',
    ),
  };
};

/**
 * A real SMTP server on loopback for tests; it keeps every mail it receives. `port` starts
 * it again where a stopped one listened; `refuse(true)` makes it turn every recipient away
 * (550), as a server that will not take a mail does.
 */
export const startSmtpServer = async (port = 0) => {
  const mails: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing)
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    mails,
    refuse: (value: boolean) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
