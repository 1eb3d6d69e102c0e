#!/usr/bin/env node
// A complete, small client of the tabletop gRPC API in Node.js: create a game, take the seat
// that acts first, list its legal actions, show how a refusal carries its machine reason,
// submit an action, read the events it stored and watch the game catch up.
//
// It loads the .proto files at run time with @grpc/proto-loader (no generated code) and
// talks to the server with @grpc/grpc-js.  Usage:
//
//     npm ci && node quickstart.js --server 127.0.0.1:50051
//     node quickstart.js --server games.example:443 --tls          # TLS, the default roots
//     node quickstart.js --server 127.0.0.1:50051 --tls-ca ca.pem  # TLS, trusting ca.pem only
//
// Like the tabletop commands, the server and TLS may also come from TABLETOP_SERVER,
// TABLETOP_TLS and TABLETOP_TLS_CA.
//
// Required as a module, it runs nothing and exports its helpers for a client of your own:
//
//     const { loadService, call, connectionFromArgs } = require("./quickstart.js");
//     const client = loadService(connectionFromArgs(process.argv.slice(2), process.env));
//     const { game_id } = await call(client, "CreateGame", { game: "GAME_KIND_BRUGES", seats: 2 });

"use strict";

const fs = require("node:fs");
const path = require("node:path");
const crypto = require("node:crypto");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const PROTO_DIR = path.resolve(__dirname, "..", "..", "proto");
const DEADLINE_MS = 10_000;

// google.rpc.Status and ErrorInfo, the rich error every refusal carries in its trailers
// under "grpc-status-details-bin" (only the fields a client needs).
const RPC = protobuf.Root.fromJSON({
  nested: {
    rpc: {
      nested: {
        Any: { fields: { type_url: { type: "string", id: 1 }, value: { type: "bytes", id: 2 } } },
        Status: {
          fields: {
            code: { type: "int32", id: 1 },
            message: { type: "string", id: 2 },
            details: { rule: "repeated", type: "Any", id: 3 },
          },
        },
        ErrorInfo: {
          fields: { reason: { type: "string", id: 1 }, domain: { type: "string", id: 2 } },
        },
      },
    },
  },
});

function loadService({ server, credentials }) {
  const definition = protoLoader.loadSync("tabletop/v1/game_service.proto", {
    includeDirs: [PROTO_DIR],
    keepCase: true, // field names exactly as in the .proto files: game_id, expected_version
    longs: Number, // versions are int64; they fit in a JavaScript number
    enums: String, // "GAME_KIND_BOURGEOISIE" rather than 1
    defaults: true,
    oneofs: true, // a oneof's set field is named in a virtual field (action.game === "bourgeoisie")
  });
  const { GameService } = grpc.loadPackageDefinition(definition).tabletop.v1;
  return new GameService(server, credentials);
}

// Seat tokens travel as call metadata: authorization: Bearer <token>.
function bearer(token) {
  const metadata = new grpc.Metadata();
  if (token) metadata.set("authorization", `Bearer ${token}`);
  return metadata;
}

function deadline() {
  return new Date(Date.now() + DEADLINE_MS);
}

// A unary call as a promise, with a deadline; a refusal becomes an Error with code and reason.
function call(client, method, request, token) {
  return new Promise((resolve, reject) => {
    client[method](request, bearer(token), { deadline: deadline() }, (error, response) =>
      error ? reject(refusal(error)) : resolve(response),
    );
  });
}

// The status code name and the ErrorInfo reason of a failed call.
function refusal(error) {
  const code = Object.keys(grpc.status).find((name) => grpc.status[name] === error.code);
  let reason = "UNKNOWN";
  const [details] = error.metadata ? error.metadata.get("grpc-status-details-bin") : [];
  if (details) {
    const status = RPC.lookupType("rpc.Status").decode(details);
    for (const any of status.details) {
      if (any.type_url.endsWith("/google.rpc.ErrorInfo")) {
        reason = RPC.lookupType("rpc.ErrorInfo").decode(any.value).reason;
      }
    }
  }
  return Object.assign(new Error(`${code} ${reason}: ${error.details}`), { code, reason });
}

function readEvents(client, request) {
  return new Promise((resolve, reject) => {
    const events = [];
    const stream = client.ReadEvents(request, bearer(""), { deadline: deadline() });
    stream.on("data", (response) => events.push(response.event));
    stream.on("error", (error) => reject(refusal(error)));
    stream.on("end", () => resolve(events));
  });
}

// Follow a game (WatchGame): onMessage(response) is called for each message until it returns
// true; the promise then resolves. A WatchGameResponse is a oneof, and with `oneofs: true`
// response.message names its set member: "update" (an event, the view and status after it)
// or "caught_up" (every stored event so far has been sent; live updates follow). A watch
// lives as long as the game, so it has no deadline here: stop it from onMessage.
function watchGame(client, request, token, onMessage) {
  return new Promise((resolve, reject) => {
    const stream = client.WatchGame(request, bearer(token));
    let stopped = false;
    stream.on("data", (response) => {
      if (!stopped && onMessage(response) === true) {
        stopped = true;
        stream.cancel();
        resolve();
      }
    });
    stream.on("error", (error) => (stopped ? resolve() : reject(refusal(error))));
    stream.on("end", () => resolve());
  });
}

async function main(connection) {
  const client = loadService(connection);
  const created = await call(client, "CreateGame", { game: "GAME_KIND_BOURGEOISIE", seats: 2 });
  const game_id = created.game_id;
  console.log(`created game ${game_id} at version ${created.version}`);

  const before = await call(client, "GetView", { game_id, perspective: "PERSPECTIVE_PUBLIC" });
  const seat = before.status.to_act;
  const grant = await call(client, "JoinGame", { game_id, player_name: "node", seat });
  console.log(`took seat ${grant.seat} (the seat to act first); token ${grant.token.slice(0, 6)}…`);

  const legal = await call(client, "ListLegalActions", { game_id }, grant.token);
  console.log(`version ${legal.version}: ${legal.actions.length} legal actions for seat ${legal.seat}`);
  legal.actions.forEach((option, index) => console.log(`  ${index + 1}. ${option.description}`));

  const chosen = legal.actions[0];
  const stale = { game_id, expected_version: legal.version - 1, action: chosen.action };
  try {
    await call(client, "SubmitAction", { ...stale, command_id: crypto.randomUUID() }, grant.token);
    throw new Error("a stale version was accepted");
  } catch (error) {
    if (error.code !== "ABORTED") throw error;
    console.log(`refused as expected: ${error.message}`);
  }

  const submit = { game_id, expected_version: legal.version, action: chosen.action };
  const answer = await call(
    client,
    "SubmitAction",
    { ...submit, command_id: crypto.randomUUID() },
    grant.token,
  );
  console.log(`submitted "${chosen.description}": now at version ${answer.version}`);
  console.log(`  the typed action sent: ${JSON.stringify(chosen.action.bourgeoisie)}`);

  const events = await readEvents(client, { game_id, after_version: legal.version });
  console.log(`events after version ${legal.version} (ReadEvents):`);
  for (const event of events) console.log(`  v${event.version} ${event.type}: ${event.description}`);

  console.log(`watching after version ${legal.version} (WatchGame), until caught up:`);
  const watch = { game_id, after_version: legal.version, perspective: "PERSPECTIVE_PUBLIC" };
  await watchGame(client, watch, "", (response) => {
    if (response.message === "caught_up") {
      console.log(`  caught up at version ${response.caught_up.version}`);
      return true;
    }
    const { event, status, latest } = response.update;
    const next = latest ? `; seat ${status.to_act} to act` : "";
    console.log(`  update v${event.version} ${event.type}${next}`);
    return false;
  });
  client.close();
}

function flag(argv, name, fallback) {
  const index = argv.indexOf(name);
  return index >= 0 && argv[index + 1] ? argv[index + 1] : fallback;
}

// Where to connect and how: plaintext, or TLS trusting the default roots (--tls) or only the
// certificates of one PEM file (--tls-ca), such as a self-signed server's own certificate.
function connectionFromArgs(argv, env) {
  const server = flag(argv, "--server", env.TABLETOP_SERVER || "127.0.0.1:50051");
  const caFile = flag(argv, "--tls-ca", env.TABLETOP_TLS_CA || "");
  const tlsVariable = (env.TABLETOP_TLS || "").trim().toLowerCase();
  const tls = argv.includes("--tls") || !["", "0", "false", "no", "off"].includes(tlsVariable);
  if (caFile) {
    return { server, credentials: grpc.credentials.createSsl(readCaFile(caFile)) };
  }
  if (tls) {
    return { server, credentials: grpc.credentials.createSsl() };
  }
  return { server, credentials: grpc.credentials.createInsecure() };
}

// A CA file that cannot be read is a setting to fix (exit status 2), not a failed call.
function readCaFile(caFile) {
  try {
    return fs.readFileSync(caFile);
  } catch (error) {
    const message = `INVALID_ARGUMENT BAD_TLS_CA: cannot read ${caFile} (${error.code})`;
    throw Object.assign(new Error(message), { exitStatus: 2 });
  }
}

module.exports = { loadService, bearer, call, refusal, readEvents, watchGame, connectionFromArgs };

if (require.main === module) {
  Promise.resolve()
    .then(() => main(connectionFromArgs(process.argv.slice(2), process.env)))
    .catch((error) => {
      console.error(`error: ${error.message}`);
      process.exit(error.exitStatus || 1);
    });
}
