import { useId, type FormEvent } from 'react';
import { messages } from '@portal/contracts/messages';
import { Button } from '../../components/Button.tsx';
import { Dropdown } from '../../components/Dropdown.tsx';
import { vehicleYears } from '@portal/contracts/vehicle-rules';
import { VinScanButton } from '../vin-scan/index.ts';
import { canSearch } from './cascade.ts';
import { useRecentVehicles } from './recentVehicles.ts';
import { useOfflineVehicles } from './offlineVehicles.ts';
import { OFFLINE_TEXTS } from '../../offline/texts.ts';
import { useFormActions, useSearching, useVehicleForm, useVehicleSearch } from './vehicleSearch.ts';
import './wiring.css';

const YEARS = vehicleYears().map(String);
const VIN_LENGTH = 17;

/**
 * The vehicle search form (spec 01 §2.6): Select Year, Select Make, Select Model, or a VIN,
 * Search, and the Recent dropdown. `compact` is the top bar's variant on large screens.
 */
export function VehicleSearchForm({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const form = useVehicleForm();
  const searching = useSearching();
  const actions = useFormActions();
  const { search, searchRecent } = useVehicleSearch();
  const recents = useRecentVehicles();
  const offline = useOfflineVehicles(recents);
  const TitleTag = compact ? 'p' : 'h1';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search();
  };

  return (
    <form
      className={`vehicle-form${compact ? ' vehicle-form-compact' : ''}`}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-busy={searching}
    >
      <TitleTag id={`${id}-title`} className="vehicle-form-title" tabIndex={-1}>
        {messages.vehicleFormTitle}
      </TitleTag>
      <div className="vehicle-form-fields">
        <div className="vehicle-form-ymm">
          <VehicleSelect
            id={`${id}-year`}
            label="Select Year"
            value={form.year}
            onChange={(v) => void actions.chooseYear(v)}
            options={YEARS.map((y) => ({ name: y, value: y }))}
          />
          <VehicleSelect
            id={`${id}-make`}
            label="Select Make"
            value={form.make}
            disabled={!form.year || form.loadingMakes}
            loading={form.loadingMakes}
            onChange={(v) => void actions.chooseMake(v)}
            options={form.makes}
          />
          <VehicleSelect
            id={`${id}-model`}
            label="Select Model"
            value={form.model}
            disabled={!form.make || form.loadingModels}
            loading={form.loadingModels}
            onChange={actions.chooseModel}
            options={form.models}
          />
        </div>
        <p className="vehicle-form-or" aria-hidden="true">
          <span>or</span>
        </p>
        <div className="vehicle-form-vin">
          <label htmlFor={`${id}-vin`} className={compact ? 'visually-hidden' : undefined}>
            VIN
          </label>
          <input
            id={`${id}-vin`}
            type="text"
            placeholder="Enter VIN"
            value={form.vin}
            onChange={(e) => actions.typeVin(e.target.value.toUpperCase())}
            maxLength={VIN_LENGTH + 8}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
          />
          {/* The top bar's form is for typing; the camera is offered where the form has room (issue 31). */}
          {!compact && (
            <VinScanButton
              disabled={searching}
              onVin={(vin) => {
                actions.typeVin(vin);
                void search();
              }}
            />
          )}
        </div>
        <div className="vehicle-form-actions">
          <Button type="submit" disabled={!canSearch(form)} loading={searching}>
            Search
          </Button>
          <Dropdown label="Recent" align="end" className="vehicle-recent">
            {recents.length ? (
              <ul aria-label="Recent vehicle searches">
                {recents.map((recent) => (
                  <li key={recent.value}>
                    <button type="button" className="dropdown-item" onClick={() => void searchRecent(recent.value)}>
                      {recent.name}
                      {offline.has(recent.value) && (
                        <span className="offline-mark">{OFFLINE_TEXTS.availableOffline}</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="dropdown-note">Vehicles you search for appear here.</p>
            )}
          </Dropdown>
        </div>
      </div>
    </form>
  );
}

interface VehicleSelectProps {
  id: string;
  label: string;
  value: string;
  options: { name: string; value: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  loading?: boolean;
}

function VehicleSelect({ id, label, value, options, onChange, disabled, loading }: VehicleSelectProps) {
  return (
    <div className="vehicle-select">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-busy={loading}>
        <option value="">{loading ? 'Loading…' : label}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}
