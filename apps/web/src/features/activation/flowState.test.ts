import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import {
  applyChange,
  nextStepOf,
  previousStepOf,
  readAdvanced,
  readSaved,
  stepNumberOf,
  withPending,
  writeSaved,
} from './flowState.ts';
import { activationOf, savedOf } from './testFixtures.ts';

const steps = activationOf().steps;

describe('the stepper’s moves', () => {
  it('goes forward through the steps and stops at the last', () => {
    expect(nextStepOf(steps, 'power-on-device')).toBe('verify-connection');
    expect(nextStepOf(steps, 'device-testing')).toBe('complete-activation');
    expect(nextStepOf(steps, 'complete-activation')).toBeNull();
  });

  it('goes back one step, and from the first to nothing (the type selection, spec 02 §2)', () => {
    expect(previousStepOf(steps, 'verify-connection')).toBe('power-on-device');
    expect(previousStepOf(steps, 'power-on-device')).toBeNull();
  });

  it('numbers the steps from 1', () => {
    expect(stepNumberOf(steps, 'power-on-device')).toBe(1);
    expect(stepNumberOf(steps, 'complete-activation')).toBe(4);
  });

  it('applies a step’s state and a move at once; the last step done completes the activation', () => {
    const moved = applyChange(activationOf(), {
      step: 'power-on-device',
      step_state: { status: 'done', summary: 'The device answered', data: {} },
      current_step: 'verify-connection',
    });
    expect(moved.current_step).toBe('verify-connection');
    expect(moved.step_states['power-on-device']?.status).toBe('done');
    expect(moved.version).toBe(1);
    const completed = applyChange(activationOf({ current_step: 'complete-activation' }), {
      step: 'complete-activation',
      step_state: { status: 'done', summary: 'Installed', data: {} },
    });
    expect(completed.status).toBe('completed');
  });

  it('lays what the server has not seen over its record', () => {
    const server = activationOf({ version: 4 });
    const shown = withPending(server, [{ current_step: 'verify-connection' }, { current_step: 'device-testing' }]);
    expect(shown.current_step).toBe('device-testing');
    expect(shown.version).toBe(4);
  });
});

describe('local storage (spec 01 §9 activation state)', () => {
  it('keeps the place under the activation state key and reads it back', () => {
    const saved = savedOf(activationOf({ current_step: 'device-testing' }));
    writeSaved(saved);
    expect(window.localStorage.getItem(STORAGE_KEYS.activationState)).toContain('device-testing');
    expect(readSaved()).toEqual(saved);
  });

  it('reads nothing from a broken or foreign value', () => {
    window.localStorage.setItem(STORAGE_KEYS.activationState, '{not json');
    expect(readSaved()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.activationState, '{"x":1}');
    expect(readSaved()).toBeNull();
  });

  it('has the advanced flow on unless turned off', () => {
    expect(readAdvanced()).toBe(true);
    window.localStorage.setItem(STORAGE_KEYS.advancedActivationFlow, 'false');
    expect(readAdvanced()).toBe(false);
  });
});
