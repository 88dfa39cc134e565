#!/usr/bin/env node
import { VERSION } from "../index.js";
console.log(`combatsim ${VERSION}`);
