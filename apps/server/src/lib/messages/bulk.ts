/** Texts of bulk actions on the portal's lists; merged into lib/messages.ts. */
const en = {
  'bulk.tooMany':
    'This selection has {count} rows; one bulk action takes at most {max}. Narrow the filter and try again.',
  'bulk.reasonRequired': 'Give a reason for the status change.',
  'bulk.commandAccepted': 'The charge point accepted ({status}).',
  'bulk.notInReach': 'Not found, or not in your reach; nothing was done.',
  'bulk.alreadyArchived': 'Already archived; nothing was done.',
  'bulk.notArchived': 'Not archived; nothing was done.',
  'bulk.tariffRequired': 'Choose the tariff to assign.',
  'bulk.noConnectors': 'This charge point has no connectors; nothing was done.',
  'bulk.tariffAssigned': 'Tariff set on {count} connector(s).',
  'bulk.tariffRemoved': 'Tariff taken off {count} connector(s).',
  'bulk.oneChargerOnly': 'A charger password is set one charge point at a time, never in bulk.',
  'bulk.cardBlocked': 'Card blocked: no charger accepts it.',
  'bulk.cardUnblocked': 'Card unblocked.',
  'bulk.alreadyBlocked': 'Already blocked; nothing was done.',
  'bulk.notBlocked': 'Not blocked; nothing was done.',
  'bulk.cardIsArchived': 'The card is archived; restore it first. Nothing was done.',
  'bulk.groupRequired': 'Choose the smart-charging group.',
  'bulk.addedToGroup': 'Added to the group {name}.',
  'bulk.removedFromGroup': 'Left the group {name}; its limits are being cleared.',
  'bulk.alreadyInGroup': 'Already in the group {name}; nothing was done.',
  'bulk.notInGroup': 'Not in the group {name}; nothing was done.',
};

const tr: Record<keyof typeof en, string> = {
  'bulk.tooMany':
    'Bu seçimde {count} satır var; bir toplu işlem en fazla {max} satıra uygulanır. Filtreyi daraltıp tekrar deneyin.',
  'bulk.reasonRequired': 'Durum değişikliği için bir gerekçe yazın.',
  'bulk.commandAccepted': 'Şarj istasyonu kabul etti ({status}).',
  'bulk.notInReach': 'Bulunamadı ya da erişiminizde değil; hiçbir şey yapılmadı.',
  'bulk.alreadyArchived': 'Zaten arşivde; hiçbir şey yapılmadı.',
  'bulk.notArchived': 'Arşivde değil; hiçbir şey yapılmadı.',
  'bulk.tariffRequired': 'Atanacak tarifeyi seçin.',
  'bulk.noConnectors': 'Bu şarj istasyonunun soketi yok; hiçbir şey yapılmadı.',
  'bulk.tariffAssigned': 'Tarife {count} sokete atandı.',
  'bulk.tariffRemoved': 'Tarife {count} soketten kaldırıldı.',
  'bulk.oneChargerOnly':
    'Şarj istasyonu parolası toplu değil, her seferinde tek bir istasyon için ayarlanır.',
  'bulk.cardBlocked': 'Kart engellendi: hiçbir şarj istasyonu kabul etmez.',
  'bulk.cardUnblocked': 'Kartın engeli kaldırıldı.',
  'bulk.alreadyBlocked': 'Zaten engelli; hiçbir şey yapılmadı.',
  'bulk.notBlocked': 'Engelli değil; hiçbir şey yapılmadı.',
  'bulk.cardIsArchived': 'Kart arşivde; önce geri alın. Hiçbir şey yapılmadı.',
  'bulk.groupRequired': 'Akıllı şarj grubunu seçin.',
  'bulk.addedToGroup': '{name} grubuna eklendi.',
  'bulk.removedFromGroup': '{name} grubundan çıkarıldı; sınırları kaldırılıyor.',
  'bulk.alreadyInGroup': 'Zaten {name} grubunda; hiçbir şey yapılmadı.',
  'bulk.notInGroup': '{name} grubunda değil; hiçbir şey yapılmadı.',
};

export const bulkMessages = { en, tr };
