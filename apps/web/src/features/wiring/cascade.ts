/**
 * The vehicle form's cascade (spec 01 §4): choosing a year loads makes and clears the model;
 * choosing a make loads models; entering a VIN clears the year (and so make and model);
 * choosing a year clears the VIN. Search is allowed once a model or a VIN is set.
 * A reducer, so the rules are tested without a browser.
 */
export interface Option {
  name: string;
  value: string;
}

export interface CascadeState {
  year: string;
  make: string;
  model: string;
  vin: string;
  makes: Option[];
  models: Option[];
  loadingMakes: boolean;
  loadingModels: boolean;
}

export const emptyCascade: CascadeState = {
  year: '',
  make: '',
  model: '',
  vin: '',
  makes: [],
  models: [],
  loadingMakes: false,
  loadingModels: false,
};

export type CascadeAction =
  | { type: 'year'; year: string }
  | { type: 'makesLoaded'; year: string; makes: Option[] }
  | { type: 'makesFailed'; year: string }
  | { type: 'make'; make: string }
  | { type: 'modelsLoaded'; make: string; models: Option[] }
  | { type: 'modelsFailed'; make: string }
  | { type: 'model'; model: string }
  | { type: 'vin'; vin: string }
  /** A failed search puts the form back as it was (spec 01 §8). */
  | { type: 'restore'; state: CascadeState };

export function cascade(state: CascadeState, action: CascadeAction): CascadeState {
  switch (action.type) {
    case 'year':
      return { ...emptyCascade, year: action.year, loadingMakes: action.year !== '' };
    case 'makesLoaded':
      // An answer for a year no longer chosen is dropped.
      return action.year === state.year ? { ...state, makes: action.makes, loadingMakes: false } : state;
    case 'makesFailed':
      // spec 01 §8: a failed load clears the value that asked for it.
      return action.year === state.year ? { ...state, year: '', makes: [], loadingMakes: false } : state;
    case 'make':
      return {
        ...state,
        make: action.make,
        model: '',
        models: [],
        loadingModels: action.make !== '',
      };
    case 'modelsLoaded':
      return action.make === state.make ? { ...state, models: action.models, loadingModels: false } : state;
    case 'modelsFailed':
      return action.make === state.make ? { ...state, make: '', models: [], loadingModels: false } : state;
    case 'model':
      return { ...state, model: action.model };
    case 'vin':
      return action.vin === '' ? { ...state, vin: '' } : { ...emptyCascade, vin: action.vin };
    case 'restore':
      return { ...action.state, loadingMakes: false, loadingModels: false };
  }
}

/** spec 01 §4: Search is disabled until a model or a VIN is set. */
export const canSearch = (state: CascadeState) => state.model !== '' || state.vin.trim() !== '';

/** The names of the chosen make and model, for the history and the heading. */
export const chosen = (state: CascadeState) => ({
  make: state.makes.find((m) => m.value === state.make),
  model: state.models.find((m) => m.value === state.model),
});

/** spec 01 §5: a VIN answer's make and model are matched to the catalog by case-insensitive name. */
export const matchByName = (options: readonly Option[], name: string | null | undefined) => {
  const wanted = (name ?? '').trim().toLowerCase();
  return wanted ? options.find((o) => o.name.trim().toLowerCase() === wanted) : undefined;
};
