/** The vehicle on a connector, as far as charging physics go. */
export interface Vehicle {
  capacityWh: number;
  /** State of charge, 0..100. */
  soc: number;
  /** Highest power the vehicle accepts, W. */
  maxPowerW: number;
  /** The driver unplugs at this state of charge (auto sessions). */
  targetSoc: number;
}

export const RAMP_SECONDS = 30;
export const TAPER_START_SOC = 80;
/** Power left at 100 % SoC, as a fraction of the plateau. */
const TAPER_FLOOR = 0.05;

/**
 * Power drawn `elapsedS` simulated seconds into a session: a linear ramp over the first 30 s, a plateau at
 * min(connector limit, vehicle maximum), and a taper from 80 % SoC down to a trickle at 100 %.
 */
export function chargingPower(vehicle: Vehicle, limitW: number, elapsedS: number): number {
  if (vehicle.soc >= 100 || limitW <= 0) return 0;
  const plateau = Math.min(limitW, vehicle.maxPowerW);
  const ramp = Math.min(1, Math.max(0, elapsedS) / RAMP_SECONDS);
  let taper = 1;
  if (vehicle.soc > TAPER_START_SOC) {
    const left = (100 - vehicle.soc) / (100 - TAPER_START_SOC);
    taper = TAPER_FLOOR + (1 - TAPER_FLOOR) * left;
  }
  return Math.max(0, plateau * Math.max(ramp, 0.05) * taper);
}

/** Charges the vehicle for `dtS` simulated seconds at `powerW`; returns the energy delivered in Wh. */
export function charge(vehicle: Vehicle, powerW: number, dtS: number): number {
  if (dtS <= 0 || powerW <= 0) return 0;
  const roomWh = ((100 - vehicle.soc) / 100) * vehicle.capacityWh;
  const energyWh = Math.min(roomWh, (powerW * dtS) / 3600);
  vehicle.soc = Math.min(100, vehicle.soc + (energyWh / vehicle.capacityWh) * 100);
  return energyWh;
}

const VEHICLES: ReadonlyArray<Pick<Vehicle, 'capacityWh' | 'maxPowerW'>> = [
  { capacityWh: 40_000, maxPowerW: 7_400 },
  { capacityWh: 58_000, maxPowerW: 11_000 },
  { capacityWh: 77_000, maxPowerW: 11_000 },
  { capacityWh: 82_000, maxPowerW: 22_000 },
  { capacityWh: 100_000, maxPowerW: 150_000 },
];

/** A random vehicle arriving with 10–60 % charge and leaving somewhere between 70 and 100 %. */
export function randomVehicle(random: () => number = Math.random): Vehicle {
  const model = VEHICLES[Math.floor(random() * VEHICLES.length)] ?? VEHICLES[0];
  return {
    capacityWh: model?.capacityWh ?? 58_000,
    maxPowerW: model?.maxPowerW ?? 11_000,
    soc: Math.round(10 + random() * 50),
    targetSoc: Math.round(70 + random() * 30),
  };
}
