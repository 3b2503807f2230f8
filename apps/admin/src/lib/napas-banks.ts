/**
 * Banks by their NAPAS BIN, the six digits a VietQR code names the bank with. Staff choose the
 * shop's bank by name; the code keeps the BIN.
 */
export const NAPAS_BANKS: ReadonlyArray<{ bin: string; name: string }> = [
  { bin: '970436', name: 'Vietcombank' },
  { bin: '970415', name: 'VietinBank' },
  { bin: '970418', name: 'BIDV' },
  { bin: '970405', name: 'Agribank' },
  { bin: '970422', name: 'MB Bank' },
  { bin: '970407', name: 'Techcombank' },
  { bin: '970416', name: 'ACB' },
  { bin: '970432', name: 'VPBank' },
  { bin: '970423', name: 'TPBank' },
  { bin: '970403', name: 'Sacombank' },
  { bin: '970437', name: 'HDBank' },
  { bin: '970441', name: 'VIB' },
  { bin: '970443', name: 'SHB' },
  { bin: '970431', name: 'Eximbank' },
  { bin: '970426', name: 'MSB' },
  { bin: '970448', name: 'OCB' },
  { bin: '970440', name: 'SeABank' },
  { bin: '970449', name: 'LPBank' },
  { bin: '970454', name: 'Viet Capital Bank' },
  { bin: '970429', name: 'SCB' },
  { bin: '970425', name: 'ABBANK' },
  { bin: '970428', name: 'Nam A Bank' },
  { bin: '970412', name: 'PVcomBank' },
  { bin: '970409', name: 'Bac A Bank' },
  { bin: '970452', name: 'KienlongBank' },
  { bin: '970419', name: 'NCB' },
  { bin: '970427', name: 'VietABank' },
  { bin: '970433', name: 'Vietbank' },
  { bin: '970400', name: 'Saigonbank' },
  { bin: '970430', name: 'PGBank' },
  { bin: '970438', name: 'BaoViet Bank' },
  { bin: '970424', name: 'Shinhan Bank' },
  { bin: '970458', name: 'UOB' },
  { bin: '970457', name: 'Woori Bank' },
];

/** "Vietcombank (970436)", or the BIN alone for a bank not in the list. */
export const bankLabel = (bin: string) => {
  const bank = NAPAS_BANKS.find((item) => item.bin === bin);
  return bank ? `${bank.name} (${bin})` : bin;
};
