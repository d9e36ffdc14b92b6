import type { EventDto } from '@admitone/shared';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../lib/api-error';
import { useSectionSave } from './useSectionSave';

interface Values {
  title: string;
  city: string;
}

type Callbacks = { onSuccess: () => void; onError: (e: Error) => void };

/** A mutation that waits: the test answers the last call with `succeed()` or `fail(error)`. */
function pendingMutation() {
  const calls: { body: Values; callbacks: Callbacks }[] = [];
  const mutation = {
    isPending: false,
    mutate: (body: Values, callbacks: Callbacks) => calls.push({ body, callbacks }),
  } as unknown as UseMutationResult<EventDto, Error, Values>;
  return {
    mutation,
    calls,
    succeed: () => calls.at(-1)!.callbacks.onSuccess(),
    fail: (e: Error) => calls.at(-1)!.callbacks.onError(e),
  };
}

function renderSection() {
  const save = pendingMutation();
  const hook = renderHook(() => {
    const form = useForm<Values>({ initialValues: { title: 'Jazz', city: '' } });
    return { form, ...useSectionSave(form, save.mutation, (v) => v, 'Saved.') };
  });
  const submit = () => act(() => hook.result.current.onSubmit());
  const set = (field: keyof Values, value: string) => act(() => hook.result.current.form.setFieldValue(field, value));
  return { hook, save, submit, set };
}

describe('useSectionSave: unsaved edits', () => {
  it('is dirty after an edit, clean again once saved, with the saved values kept in the form', () => {
    const { hook, save, submit, set } = renderSection();
    expect(hook.result.current.dirty).toBe(false);
    set('city', 'Geneva');
    expect(hook.result.current.dirty).toBe(true);
    submit();
    expect(save.calls[0]!.body).toEqual({ title: 'Jazz', city: 'Geneva' });
    act(() => save.succeed());
    expect(hook.result.current.dirty).toBe(false);
    expect(hook.result.current.form.isDirty()).toBe(false);
    expect(hook.result.current.form.getValues()).toEqual({ title: 'Jazz', city: 'Geneva' });
    // Going back to the old value is now an edit of its own.
    set('city', '');
    expect(hook.result.current.dirty).toBe(true);
  });

  it('keeps an edit typed while the save was under way unsaved', () => {
    const { hook, save, submit, set } = renderSection();
    set('city', 'Geneva');
    submit();
    set('title', 'Jazz by the Lake');
    act(() => save.succeed());
    expect(hook.result.current.dirty).toBe(true);
    expect(hook.result.current.form.isDirty('city')).toBe(false);
    expect(hook.result.current.form.isDirty('title')).toBe(true);
  });

  it('stays dirty when the save fails', () => {
    const { hook, save, submit, set } = renderSection();
    set('city', 'Geneva');
    submit();
    act(() => save.fail(new ApiError(500, 'INTERNAL_ERROR', 'boom')));
    expect(hook.result.current.dirty).toBe(true);
    expect(hook.result.current.error).toBeInstanceOf(ApiError);
  });
});
