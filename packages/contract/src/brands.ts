/**
 * Charger makers and models offered in the charge point form. The list endpoint adds whatever
 * brands and models chargers have reported at boot, so a new make never has to wait for a release.
 */
export const CHARGER_BRANDS: Record<string, readonly string[]> = {
  ABB: ['Terra AC W22-T-RD-M-0', 'Terra 54', 'Terra 124', 'Terra 184', 'Terra 360', 'Terra HP'],
  Alfen: ['Eve Single Pro-line', 'Eve Double Pro-line', 'Eve Single S-line'],
  Autel: ['MaxiCharger AC Elite', 'MaxiCharger DC Compact', 'MaxiCharger DH480'],
  Circontrol: ['eNext Elite', 'Raption 50', 'Raption 100'],
  Delta: ['AC Max', 'DC Wallbox 25kW', 'DC City 100kW', 'Ultra Fast Charger 200kW'],
  Eaton: ['Green Motion Building', 'Green Motion DC 22'],
  Efacec: ['QC45', 'HV160', 'HV175'],
  Ekoenergetyka: ['Axon Side 160', 'Axon Easy 40'],
  Kempower: ['Satellite', 'Power Unit 600', 'C-Series'],
  'Schneider Electric': ['EVlink Pro AC', 'EVlink Pro DC 60'],
  Siemens: ['VersiCharge AC', 'Sicharge D'],
  Tritium: ['RTM75', 'PKM150', 'RT175-S'],
  Vestel: ['EVC04 AC', 'EVC10 DC 60kW'],
  Voltline: ['SimCharger 22', 'SimCharger 150'],
  Wallbox: ['Commander 2', 'Copper SB', 'Supernova 60', 'Supernova 150'],
  Zaptec: ['Pro', 'Go'],
};
