import type { VehicleInfo } from '@portal/contracts';
import { parseVehicleValue, type VehicleKey } from '../recentVehicles.ts';
import type { WiringAddress } from '../slides.ts';

export interface SlideProps {
  address: WiringAddress;
  vehicle: VehicleInfo;
}

export const nameOf = (v: VehicleInfo) => `${v.year} ${v.make.name} ${v.model.name}`;
export const keyOf = (address: WiringAddress) => parseVehicleValue(address.vehicle) as VehicleKey;
