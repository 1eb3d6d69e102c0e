#!/usr/bin/env node
// A bot in Node.js that plays one seat of a game to its end, built on quickstart.js's helpers:
// it follows the game with WatchGame, decides when the game waits for its seat, and resumes
// its watch after a dropped stream (a server restart, say) as docs/api.md, section 4, says.
//
//     npm ci && node bot.js GAME_ID --server 127.0.0.1:50051           # the first free seat
//     node bot.js GAME_ID --seat 1 --name Ada                          # a seat of its choice
//     node bot.js GAME_ID --token TOKEN                                # a seat it holds
//
// It plays at random; put a strategy of your own in choose(), or require this file as a module
// and give playSeat() yours. The server and TLS come from --server, --tls and --tls-ca, or
// TABLETOP_SERVER, TABLETOP_TLS and TABLETOP_TLS_CA.
//
//     const { playSeat } = require("path/to/clients/node/bot.js");
//     await playSeat(client, game_id, token, seat, (actions) => actions[0]);

"use strict";

const crypto = require("node:crypto");
const { loadService, connectionFromArgs, call, watchGame } = require("./quickstart.js");

// The codes on which a watch is resumed; any other refusal is final (docs/api.md, section 4).
const RESUMABLE = ["UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED", "INTERNAL", "UNKNOWN"];
const RECONNECT_FOR_MS = 30_000;

// The strategy: one of the seat's legal actions, each {action, description} (never empty).
function choose(actions) {
  return actions[crypto.randomInt(actions.length)];
}

// One decision: list the legal actions, choose, submit under a fresh command id. ABORTED
// (the game moved on: another seat's join or dispute) means list again and decide again.
// Returns true once an action is stored, false when the seat has nothing to decide.
async function decide(client, game_id, token, strategy = choose) {
  for (;;) {
    const legal = await call(client, "ListLegalActions", { game_id }, token);
    if (legal.actions.length === 0) return false;
    const { action } = strategy(legal.actions);
    const request = { game_id, expected_version: legal.version, command_id: crypto.randomUUID() };
    try {
      await call(client, "SubmitAction", { ...request, action }, token);
      return true;
    } catch (error) {
      if (error.code !== "ABORTED") throw error;
    }
  }
}

// Play `seat` until the game's last event. The seat decides at each caught_up marker (the
// first, and each one after a reconnection: a decision due while the server was away is still
// due) and at each live update marked latest; the other updates show moments already past.
// Decisions run one at a time, in the order the stream asked for them; `strategy` chooses each
// (choose() when none is given).
async function playSeat(client, game_id, token, seat, strategy = choose) {
  let last = 0;
  let live = false;
  let decisions = Promise.resolve();
  let failedSince = null;
  let fatal = null;
  const decideIfDue = (status) => {
    if (status.finished || status.to_act !== seat) return; // to_act is undefined once over
    decisions = decisions
      .then(() => decide(client, game_id, token, strategy))
      .catch((error) => {
        // one that failed with the server is due again at the watch's next caught_up marker
        if (!RESUMABLE.includes(error.code)) fatal = fatal ?? error;
      });
  };
  for (;;) {
    const watch = { game_id, after_version: last, perspective: "PERSPECTIVE_SEAT" };
    try {
      await watchGame(client, watch, token, (response) => {
        failedSince = null;
        if (fatal) return true; // stop watching: a refusal no retry mends
        if (response.message === "caught_up") {
          live = true;
          decideIfDue(response.caught_up.status);
        } else if (response.update.event.version > last) {
          last = response.update.event.version;
          if (live && response.update.latest) decideIfDue(response.update.status);
        }
        return false;
      });
      await decisions; // the stream ended OK (the game's last event was sent), or stopped
      if (fatal) throw fatal;
      return;
    } catch (error) {
      failedSince = failedSince ?? Date.now();
      if (!RESUMABLE.includes(error.code) || Date.now() - failedSince > RECONNECT_FOR_MS) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function main(argv) {
  const game_id = argv[0];
  if (!game_id || game_id.startsWith("--")) {
    const usage = "usage: node bot.js GAME_ID [--seat N] [--name NAME | --token TOKEN]";
    throw Object.assign(new Error(usage), { exitStatus: 2 });
  }
  const value = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const client = loadService(connectionFromArgs(argv, process.env));
  let token = value("--token");
  let seat;
  if (token) {
    seat = (await call(client, "ListLegalActions", { game_id }, token)).seat;
  } else {
    const wanted = value("--seat") === undefined ? {} : { seat: Number(value("--seat")) };
    const request = { game_id, player_name: value("--name") || "node bot", ...wanted };
    ({ seat, token } = await call(client, "JoinGame", request));
    console.log(`seat ${seat}; token ${token}`);
  }
  await playSeat(client, game_id, token, seat);
  const { status } = await call(client, "GetView", { game_id, perspective: "PERSPECTIVE_PUBLIC" });
  const { scores, places } = status.outcome;
  console.log(`game over: seat ${seat} scored ${scores[seat]}, place ${places[seat]}`);
  client.close();
}

module.exports = { playSeat, decide, choose };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`error: ${error.message}`);
    process.exit(error.exitStatus || 1);
  });
}
