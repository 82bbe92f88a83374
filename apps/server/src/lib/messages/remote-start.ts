/** What became of a remote start (issue #34); merged into lib/messages.ts. */
const en = {
  'entity.command': 'command',
  'remoteStart.waiting': 'The charge point accepted. Waiting for the charger to start…',
  'remoteStart.started': 'Charging started (session {sessionId}).',
  'remoteStart.refused': 'Refused: {reason}',
  'remoteStart.timedOut': 'The charger did not start a charge within {seconds} seconds.',
  'remoteStart.notAccepted': 'The charge point did not accept the remote start: {reason}',
  'remoteStart.reason.ConcurrentTx': 'the card is already charging at another charge point.',
  'remoteStart.reason.Blocked': 'the card is blocked.',
  'remoteStart.reason.Expired': 'the card has expired.',
  'remoteStart.reason.Invalid': 'the card is not valid on this network.',
  'remoteStart.reason.Unknown': 'the card is not known on this network.',
  'remoteStart.reason.NoCredit': "the driver's balance is too low to charge.",
  'remoteStart.reason.other': 'the card was not accepted ({reason}).',
} as const;

const tr: Record<keyof typeof en, string> = {
  'entity.command': 'komut',
  'remoteStart.waiting': 'Şarj noktası kabul etti. Şarj cihazının başlatması bekleniyor…',
  'remoteStart.started': 'Şarj başladı (oturum {sessionId}).',
  'remoteStart.refused': 'Reddedildi: {reason}',
  'remoteStart.timedOut': 'Şarj cihazı {seconds} saniye içinde şarjı başlatmadı.',
  'remoteStart.notAccepted': 'Şarj noktası uzaktan başlatmayı kabul etmedi: {reason}',
  'remoteStart.reason.ConcurrentTx': 'kart şu anda başka bir şarj noktasında şarj ediyor.',
  'remoteStart.reason.Blocked': 'kart engellenmiş.',
  'remoteStart.reason.Expired': 'kartın süresi dolmuş.',
  'remoteStart.reason.Invalid': 'kart bu ağda geçerli değil.',
  'remoteStart.reason.Unknown': 'kart bu ağda tanınmıyor.',
  'remoteStart.reason.NoCredit': 'sürücünün bakiyesi şarj için yetersiz.',
  'remoteStart.reason.other': 'kart kabul edilmedi ({reason}).',
};

export const remoteStartMessages = { en, tr };
