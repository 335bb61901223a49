// The build's reading of Vite's manifest (scripts/first-view.mjs): the chunks the page's starter
// asks for with each view's code.
import { describe, expect, it } from 'vitest';
import { viewChunks } from './first-view.mjs';

describe('viewChunks', () => {
  it("takes each view's chunks from the manifest: the view's own and its imports', not the entry's", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      '_deep.js': { file: 'assets/deep-1.js', imports: ['index.html'] },
      '_mid.js': { file: 'assets/mid-1.js', imports: ['_deep.js', '_shared.js'] },
      'src/ui/embed/EmbedView.tsx': { file: 'assets/EmbedView-1.js', imports: ['_mid.js', 'index.html'] },
    };
    expect(viewChunks(manifest, { embed: 'src/ui/embed/EmbedView.tsx' })).toEqual({
      embed: ['assets/EmbedView-1.js', 'assets/mid-1.js', 'assets/deep-1.js'],
    });
    expect(() => viewChunks(manifest, { lab: 'src/ui/App.tsx' })).toThrow(/no chunk for the lab view/);
  });

  it("gives a view of several modules (a lesson's view and the lessons) all their chunks, each once", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      '_models.js': { file: 'assets/models-1.js', imports: ['_shared.js'] },
      'src/ui/lessons/LessonView.tsx': { file: 'assets/LessonView-1.js', imports: ['_models.js', 'index.html'] },
      'src/engine/surfaces/lessons.ts': { file: 'assets/lessons-1.js', imports: ['_models.js'] },
    };
    expect(
      viewChunks(manifest, { lesson: ['src/ui/lessons/LessonView.tsx', 'src/engine/surfaces/lessons.ts'] }),
    ).toEqual({ lesson: ['assets/LessonView-1.js', 'assets/models-1.js', 'assets/lessons-1.js'] });
    expect(() => viewChunks(manifest, { lesson: ['src/ui/lessons/LessonView.tsx', 'src/nowhere.ts'] })).toThrow(
      /no chunk for the lesson view \(src\/nowhere.ts\)/,
    );
  });
});
