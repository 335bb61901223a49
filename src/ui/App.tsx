// The app's composition root. A placeholder until the lab's views land: it only says what
// Fencelab is, inside a <main> landmark with a single h1.
export function App() {
  return (
    <main>
      <h1>Fencelab</h1>
      <p>
        A lab for distributed-lock fencing tokens: watch a paused client wake up believing it still holds the lock, and
        see the resource turn its stale write away because its token is too old.
      </p>
    </main>
  );
}
