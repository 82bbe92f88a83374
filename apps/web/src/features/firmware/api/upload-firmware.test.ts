import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload-firmware';

describe('firmware upload form', () => {
  it('sends the fields, models as a JSON array, and the file last under its own name', () => {
    const form = uploadForm(new Blob(['PK']), 'voltline-9.9.9.zip', {
      version: '9.9.9',
      brand: 'Voltline',
      models: ['VL-22', 'VL-11'],
      operatorId: 3,
    });
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['version', 'brand', 'models', 'operatorId', 'file']);
    expect(form.get('models')).toBe('["VL-22","VL-11"]');
    expect(form.get('operatorId')).toBe('3');
    expect((form.get('file') as File).name).toBe('voltline-9.9.9.zip');
  });

  it('leaves out what was not filled in', () => {
    const form = uploadForm(new Blob(['PK']), 'a.update', { version: '1.0' });
    expect([...form.keys()]).toEqual(['version', 'models', 'file']);
    expect(form.get('models')).toBe('[]');
  });
});
