// The example page's script: puts the player in the iframe (naming this page's origin, so the
// player takes commands only from here), wires each button to one command, logs every event.
// Its Play button shows Pause while the player plays, as the player's events say.
/* global window, document, fetch */
'use strict';
(function () {
  var frame = document.getElementById('player');
  var log = document.getElementById('log');
  var origin = window.location.origin;
  frame.src = './index.html#embed&preset=canonical-race&step=t0&origin=' + encodeURIComponent(origin);

  function send(command) {
    // The player lives at this page's origin here; a docs site names the player's origin instead.
    frame.contentWindow.postMessage(command, origin);
  }
  function on(id, make) {
    document.getElementById(id).addEventListener('click', function () {
      send(make());
    });
  }
  var scenario = null;
  on('load', function () {
    return { type: 'load', preset: document.getElementById('preset').value };
  });
  document.getElementById('load-scenario').addEventListener('click', function () {
    // Any scenario file works (docs/scenario-format.md); this one is the canonical race's.
    fetch('./embed-example-scenario.json')
      .then(function (r) {
        return r.json();
      })
      .then(function (json) {
        scenario = json;
        send({ type: 'load', scenario: scenario, step: 0 });
      });
  });
  // One Play/Pause button, which follows the player: it says what a press will do, from the
  // `ready` and `playback` events (the player also stops by itself, at the end of the run).
  var playing = false;
  var playButton = document.getElementById('play');
  function showPlaying(now) {
    playing = now;
    playButton.textContent = now ? 'Pause' : 'Play';
    playButton.setAttribute('aria-pressed', String(now));
  }
  on('play', function () {
    return { type: playing ? 'pause' : 'play' };
  });
  on('seek-t6', function () {
    return { type: 'seek', step: 't6' };
  });
  on('seek-0', function () {
    return { type: 'seek', step: 0 };
  });
  on('set-strategy', function () {
    return { type: 'set-strategy', strategy: document.getElementById('strategy').value };
  });
  on('set-knob', function () {
    return { type: 'set-knob', key: 'leaseTtlMs', value: 5000 };
  });

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    var data = event.data;
    if (!data || data.source !== 'fencelab') return;
    if (data.type === 'ready' || data.type === 'playback') showPlaying(data.playing === true);
    var item = document.createElement('li');
    item.textContent = JSON.stringify(data);
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  });
})();
