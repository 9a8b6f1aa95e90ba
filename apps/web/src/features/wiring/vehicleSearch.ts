import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messages } from '@portal/contracts/messages';
import { alerts } from '../../components/alerts.ts';
import { createStore, useStore } from '../../components/store.ts';
import { ApiError } from '../../lib/api.ts';
import { registerClientStore } from '../../lib/clientStores.ts';
import { cascade, emptyCascade, matchByName, type CascadeAction, type CascadeState } from './cascade.ts';
import { isVehicleWithoutData } from '@portal/contracts/vehicle-rules';
import type { VehicleInfo } from '@portal/contracts/vehicles';
import { vehicleInfoQuery, vinQuery, yearMakeModelQuery } from './api.ts';
import { parseVehicleValue, recordRecentVehicle, type VehicleKey } from './recentVehicles.ts';
import { wiringPath } from './slides.ts';

/**
 * The vehicle form's state, one for the /wiring search slide and the top bar's compact form,
 * so a choice made in one shows in the other (spec 01 §4: a successful search saves selections).
 */
const formStore = createStore<CascadeState>(emptyCascade);
/** The form as it was at the last successful search: what an empty vehicle restores. */
let savedForm: CascadeState = emptyCascade;
const searchingStore = createStore(false);
registerClientStore(() => {
  formStore.set(emptyCascade);
  savedForm = emptyCascade;
});

export const useVehicleForm = () => useStore(formStore);
export const useSearching = () => useStore(searchingStore);

function dispatch(action: CascadeAction) {
  formStore.set((state) => cascade(state, action));
}

/** spec 01 §4, §8: each change clears any alert; a failed make or model load shows the generic message. */
export function useFormActions() {
  const queryClient = useQueryClient();
  return {
    async chooseYear(year: string) {
      alerts.clear();
      dispatch({ type: 'year', year });
      if (!year) return;
      try {
        dispatch({ type: 'makesLoaded', year, makes: await queryClient.fetchQuery(yearMakeModelQuery(year)) });
      } catch {
        dispatch({ type: 'makesFailed', year });
        alerts.show({ content: messages.unexpected });
      }
    },
    async chooseMake(make: string) {
      alerts.clear();
      dispatch({ type: 'make', make });
      const { year } = formStore.get();
      if (!make) return;
      try {
        dispatch({ type: 'modelsLoaded', make, models: await queryClient.fetchQuery(yearMakeModelQuery(year, make)) });
      } catch {
        dispatch({ type: 'modelsFailed', make });
        alerts.show({ content: messages.unexpected });
      }
    },
    chooseModel(model: string) {
      alerts.clear();
      dispatch({ type: 'model', model });
    },
    typeVin(vin: string) {
      if (formStore.get().vin === '' && vin !== '') alerts.clear();
      dispatch({ type: 'vin', vin });
    },
  };
}

/** A search's failure: the text to show. */
class VehicleSearchError extends Error {}

/** Fills the form for a vehicle found another way (a VIN, a recent search, an address). */
async function fillFormFor(queryClient: QueryClient, info: VehicleInfo): Promise<CascadeState> {
  const year = String(info.year);
  const [makes, models] = await Promise.all([
    queryClient.fetchQuery(yearMakeModelQuery(year)).catch(() => []),
    queryClient.fetchQuery(yearMakeModelQuery(year, info.make.value)).catch(() => []),
  ]);
  return { ...emptyCascade, year, make: info.make.value, model: info.model.value, makes, models };
}

/** spec 01 §5, §8: the VIN answer must name a year, make and model the catalog knows (by name). */
async function keyForVin(queryClient: QueryClient, vin: string): Promise<VehicleKey> {
  let answer;
  try {
    answer = await queryClient.fetchQuery(vinQuery(vin));
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) throw new VehicleSearchError(messages.vinUnavailable);
    if (error instanceof ApiError && error.body?.detail) throw new VehicleSearchError(error.body.detail);
    throw new VehicleSearchError(messages.noVehicleData);
  }
  const year = String(answer.ModelYear ?? '').trim();
  if (!year || !answer.Make || !answer.Model) throw new VehicleSearchError(messages.vinNotFound);
  const makes = await queryClient.fetchQuery(yearMakeModelQuery(year)).catch(() => []);
  const make = matchByName(makes, answer.Make);
  if (!make) throw new VehicleSearchError(messages.vinNotFound);
  const models = await queryClient.fetchQuery(yearMakeModelQuery(year, make.value)).catch(() => []);
  const model = matchByName(models, answer.Model);
  if (!model) throw new VehicleSearchError(messages.vinNotFound);
  return { year, makeId: make.value, modelId: model.value };
}

/** The vehicle's data, or the spec's message when it has none (spec 01 §4, §8). */
export async function loadVehicle(queryClient: QueryClient, key: VehicleKey): Promise<VehicleInfo> {
  let info: VehicleInfo;
  try {
    info = await queryClient.fetchQuery(vehicleInfoQuery(key));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new VehicleSearchError(messages.noVehicleData);
    throw error;
  }
  if (isVehicleWithoutData(info)) throw new VehicleSearchError(messages.noVehicleData);
  return info;
}

export const vehicleValue = (key: VehicleKey) => `${key.year},${key.makeId},${key.modelId}`;

/**
 * Search (spec 01 §4): fetch the vehicle's information, then open its slide. Success saves the
 * form, records the search in the history and replaces the current vehicle; failure shows the
 * message and puts the form back; an empty vehicle restores the previous selection.
 */
export function useVehicleSearch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const run = async (findKey: () => Promise<VehicleKey>) => {
    const before = formStore.get();
    searchingStore.set(true);
    alerts.clear();
    try {
      const key = await findKey();
      const info = await loadVehicle(queryClient, key);
      const form = await fillFormFor(queryClient, info);
      formStore.set(form);
      savedForm = form;
      recordRecentVehicle({ year: String(info.year), make: info.make, model: info.model });
      await navigate(wiringPath({ slide: 'vehicle', vehicle: vehicleValue(key) }));
    } catch (error) {
      const emptyVehicle = error instanceof VehicleSearchError && error.message === messages.noVehicleData;
      dispatch({ type: 'restore', state: emptyVehicle ? savedForm : before });
      if (error instanceof VehicleSearchError) alerts.show({ content: error.message });
      else alerts.showError(error);
    } finally {
      searchingStore.set(false);
    }
  };

  return {
    /** The form's search: the VIN when one is typed, else year, make and model. */
    search() {
      const form = formStore.get();
      const vin = form.vin.trim();
      if (form.vin !== '' || !form.year) {
        if (!vin) return void alerts.show({ content: messages.provideVin });
        return run(() => keyForVin(queryClient, vin));
      }
      if (!form.year || !form.make || !form.model) return void alerts.show({ content: messages.selectYearMakeModel });
      return run(async () => ({ year: form.year, makeId: form.make, modelId: form.model }));
    },
    /** A recent search: its value must split into year, make and model (spec 01 §5). */
    searchRecent(value: string) {
      const key = parseVehicleValue(value);
      if ('error' in key) return void alerts.show({ content: key.error });
      return run(async () => key);
    },
  };
}
