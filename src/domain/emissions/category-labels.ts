// The ledger's categories in the words a small-business owner uses: every screen, message and
// report that names a category reads them from here.
import type { ActivityCategory } from './types.ts';

export const CATEGORY_LABELS: Record<ActivityCategory, string> = {
  electricity: 'Electricity',
  natural_gas: 'Natural gas',
  heating_oil: 'Heating oil (kerosene)',
  gas_oil: 'Gas oil (red diesel)',
  diesel: 'Diesel',
  petrol: 'Petrol',
  lpg: 'LPG',
  propane: 'Propane',
  refrigerant: 'Refrigerant top-up',
  district_heat: 'District heat',
  steam: 'Steam',
  owned_vehicle: 'Company vehicles',
  business_travel_car: 'Business travel by car',
  flight: 'Flights',
  rail: 'Rail',
  bus: 'Bus',
  taxi: 'Taxi',
  hotel: 'Hotel stays',
  water: 'Water',
  waste: 'Waste',
  purchased_goods: 'Purchased goods and services',
  freight: 'Freight',
  homeworking: 'Homeworking',
};
