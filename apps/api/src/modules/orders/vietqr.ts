/**
 * VietQR: the EMVCo merchant-presented QR payload that NAPAS 247 banking apps scan to fill in a
 * transfer (bank, account, amount, note). Built here from the shop's settings and the order,
 * with no call to any outside service.
 *
 * The payload is a list of TLV fields: a two-digit id, a two-digit length, the value; a
 * template field's value is itself such a list. The last field (63) is the CRC-16/CCITT-FALSE
 * of everything before it, its own id and length included.
 */

/** NAPAS's application id, which tells a banking app the account is reached through NAPAS 247. */
export const NAPAS_GUID = 'A000000727';
/** NAPAS's service code for a transfer to an account (rather than to a card). */
export const TO_ACCOUNT = 'QRIBFTTA';
/** ISO 4217 numeric code of the Vietnamese dong. */
export const VND = '704';
/** EMVCo's longest purpose of transaction (field 62.08). */
export const NOTE_MAX = 25;

/** One TLV field; a value longer than 99 characters cannot be written in two digits. */
export const tlv = (id: string, value: string) => {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor. */
export const crc16 = (text: string) => {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

/**
 * The transfer note a bank keeps: banks pass letters, digits and spaces and drop the rest (and
 * some refuse accents), so the code is written with those only, then cut to EMVCo's 25.
 */
export const transferNote = (code: string) =>
  code
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^0-9A-Za-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NOTE_MAX)
    .trim();

export type VietQrInput = {
  /** The bank's six-digit NAPAS BIN. */
  bin: string;
  account: string;
  /** Whole dong; 0 leaves the amount for the payer to type. */
  amount: number;
  note: string;
};

/** The payload of a one-time code (point of initiation 12: it carries this order's amount). */
export const vietQrPayload = ({ bin, account, amount, note }: VietQrInput) => {
  const beneficiary = tlv('00', bin) + tlv('01', account);
  const merchant = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', TO_ACCOUNT);
  const folded = transferNote(note);
  const body =
    tlv('00', '01') +
    tlv('01', amount > 0 ? '12' : '11') +
    tlv('38', merchant) +
    tlv('53', VND) +
    (amount > 0 ? tlv('54', String(Math.trunc(amount))) : '') +
    tlv('58', 'VN') +
    (folded ? tlv('62', tlv('08', folded)) : '') +
    '6304';
  return body + crc16(body);
};
