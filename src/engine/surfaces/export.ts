// The export's public surface: a trace as a Mermaid sequenceDiagram. Loaded when a diagram is
// first exported (the lab's export bar, the CLI's --format mermaid).

export { formatMermaid, mermaidText } from '../trace/mermaid';
