// Export the scenario or the trace as JSON, and import a scenario file (a trace file works too:
// its scenario is opened), or a lesson file (docs/lesson-format.md), which opens the lesson. A bad
// file is refused with a message naming the field; nothing that was open changes. The three are
// one "File" disclosure in the header, so the scenario's name has the room beside them at 1280 px.

import { useRef } from 'react';
import { LESSON_FORMAT, asSentence, formatScenarioError, parseScenarioJson } from '../../engine';
import { useActions, useLabStore } from '../store/context';
import { useDisclosure } from './useDisclosure';
import { fileStem } from '../format/fileStem';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The scenario inside a trace file, if the text is one; otherwise the text unchanged. */
export function scenarioText(text: string): string {
  try {
    const raw = JSON.parse(text) as { format?: unknown; scenario?: unknown };
    if (raw && raw.format === 'fencelab.trace' && raw.scenario) return JSON.stringify(raw.scenario);
  } catch {
    // Not JSON: parseScenarioJson says so in its own words.
  }
  return text;
}

/** The parsed file, when it is a lesson (its format says so); null otherwise. */
function lessonIn(text: string): unknown {
  try {
    const raw = JSON.parse(text) as { format?: unknown };
    return raw && raw.format === LESSON_FORMAT ? raw : null;
  } catch {
    return null;
  }
}

export interface FileMenuProps {
  /** Opens a lesson read from a file; `source` names the file in an error. */
  onLesson?: (raw: unknown, source: string) => void;
}

export function FileMenu({ onLesson }: FileMenuProps = {}) {
  const store = useLabStore();
  const { loadScenario, showError } = useActions();
  const input = useRef<HTMLInputElement>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      showError(`Could not read the file ${file.name}.`);
      return;
    }
    const lesson = onLesson ? lessonIn(text) : null;
    if (lesson) return onLesson!(lesson, `the file ${file.name}`);
    const parsed = parseScenarioJson(scenarioText(text));
    if (!parsed.ok) {
      showError(
        `Could not open the file ${file.name}: ${asSentence(formatScenarioError(parsed.error))} Nothing was changed.`,
      );
      return;
    }
    // A preset's file, exported and opened again, is that preset (or it carried to a strategy, or it
    // changed): it links and reads as one, as a link to it would (presetOf, by name and description).
    loadScenario(parsed.scenario, { source: `the file ${file.name}` });
  };

  const [menu, close] = useDisclosure();

  return (
    <details className="file-menu" ref={menu}>
      <summary>File</summary>
      <div className="file-menu__panel">
        <button
          type="button"
          onClick={() => {
            close();
            const { scenario } = store.getState();
            download(`${fileStem(scenario, 'scenario')}.scenario.json`, JSON.stringify(scenario, null, 2));
          }}
        >
          Export scenario
        </button>
        <button
          type="button"
          onClick={() => {
            close();
            const { trace } = store.getState();
            download(`${fileStem(trace.scenario, 'scenario')}.trace.json`, JSON.stringify(trace));
          }}
        >
          Export trace
        </button>
        <button
          type="button"
          onClick={() => {
            close();
            input.current?.click();
          }}
        >
          Import…
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        // Out of the accessibility tree and the tab order: Import… is the one control people use
        // (its click opens this input's file chooser), so a screen reader meets one control, not two.
        hidden
        data-testid="import-file"
        onChange={(e) => {
          void onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </details>
  );
}
