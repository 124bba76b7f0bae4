import { afterEach, describe, expect, test } from 'bun:test';
import { $toasts, addToast, dismissToast, removeToast, TOAST_LIMIT, toastError, updateToast } from './toasts';

afterEach(() => removeToast());

describe('toast store', () => {
  test('shows one toast at a time', () => {
    expect(TOAST_LIMIT).toBe(1);
    addToast({ title: 'First' });
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ title: 'First', open: true, variant: 'default' });
  });

  test('a new toast replaces the previous one', () => {
    addToast({ title: 'First' });
    const second = addToast({ title: 'Second', description: 'Later', variant: 'destructive' });
    const toasts = $toasts.get();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      id: second,
      title: 'Second',
      description: 'Later',
      variant: 'destructive',
    });
  });

  test('updates a toast in place', () => {
    const id = addToast({ title: 'Saving' });
    updateToast(id, { title: 'Saved', description: 'Done' });
    expect($toasts.get()[0]).toMatchObject({ id, title: 'Saved', description: 'Done', open: true });
  });

  test('dismissing closes the toast but keeps it queued until removal', () => {
    const id = addToast({ title: 'Bye' });
    dismissToast(id);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);
    removeToast(id);
    expect($toasts.get()).toEqual([]);
  });

  test('dismissing an unknown id leaves the visible toast open', () => {
    addToast({ title: 'Stay' });
    dismissToast('nope');
    expect($toasts.get()[0]?.open).toBe(true);
  });

  test('dismiss without an id closes every toast', () => {
    addToast({ title: 'One' });
    dismissToast();
    expect($toasts.get().every((toast) => !toast.open)).toBe(true);
  });

  test('the error shorthand is destructive and titled Error', () => {
    toastError('Failed to update profile');
    expect($toasts.get()[0]).toMatchObject({
      title: 'Error',
      description: 'Failed to update profile',
      variant: 'destructive',
    });
  });
});
