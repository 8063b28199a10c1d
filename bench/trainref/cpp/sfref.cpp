// sfref: reference driver for Stockfish .bin (PackedSfenValue), .plain and the
// 24-byte CompressedPosition, built against the UNMODIFIED single-header library
// src/extra/nnue_data_binpack_format.h of official-stockfish/Stockfish, branch
// `tools`, commit 9a4c7cf4e311f8d9526b79295b80c4d0464c07cf (GPL-3.0).
// The header is NOT part of this repository: build-sfref.sh fetches it to /tmp.
// Part of bbconv-trainref (GPL-3.0-or-later); never linked into bbconv.
//
// Usage: sfref write|read sf-bin|sf-plain|compressed [--fen]   (stdin -> stdout)
// read --fen prints the FEN alone, one line a record (what walltime.py times).
// Line format: see ../README.md ("I/O line format").
#include "nnue_data_binpack_format.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

using namespace binpack;

static std::vector<std::string> split(const std::string& s, char d) {
    std::vector<std::string> out; std::string cur;
    for (char c : s) { if (c == d) { out.push_back(cur); cur.clear(); } else cur += c; }
    out.push_back(cur); return out;
}

static bool isNoMove(const std::string& m) { return m.empty() || m == "-" || m == "0000"; }

// "No move": Stockfish's MOVE_NONE is the raw 16-bit value 0 (a1a1, normal). The
// library's chess::Move::null() (from = to = Square::none() = 64) does NOT fit the
// 6-bit fields of the .bin move (it would pack as 0x1040 and read back as b1a1), so
// the harness writes Move::normal(a1, a1) and prints raw a1a1 back as 0000.
static chess::Move noMove() { return chess::Move::normal(chess::a1, chess::a1); }

// White-view -> side-to-move view (what .bin/.plain store).
static int toStm(const chess::Position& pos, int v) { return pos.sideToMove() == chess::Color::White ? v : -v; }

// Parse one harness input line into the reference's TrainingDataEntry.
// Returns false (and a reason) when the reference's own parser rejects the FEN.
static bool parseLine(const std::string& line, TrainingDataEntry& e, std::string& why) {
    auto f = split(line, ';');
    auto opt = chess::Position::tryFromFen(f[0]);   // reference FEN parser (Position::trySet)
    if (!opt) { why = "Position::tryFromFen rejected the FEN"; return false; }
    e.pos = *opt;
    int score = f.size() > 1 && !f[1].empty() ? std::stoi(f[1]) : 0;
    int result = f.size() > 2 && !f[2].empty() ? std::stoi(f[2]) : 0;
    std::string mv = f.size() > 3 ? f[3] : "";
    e.score = (std::int16_t)toStm(e.pos, score);
    e.result = (std::int16_t)toStm(e.pos, result);
    e.move = isNoMove(mv) ? noMove() : chess::uci::uciToMove(e.pos, mv);
    e.ply = f.size() > 4 && !f[4].empty() ? (std::uint16_t)std::stoi(f[4]) : e.pos.ply();
    return true;
}

static std::string moveStr(const TrainingDataEntry& e) {
    if (e.move.from == e.move.to) return "0000";
    return chess::uci::moveToUci(e.pos, e.move);
}

static bool fenOnly = false;   // read --fen

static void printEntry(const TrainingDataEntry& e) {
    if (fenOnly) { std::cout << e.pos.fen() << '\n'; return; }
    // back to White's view for the harness line
    std::cout << e.pos.fen() << ';' << toStm(e.pos, e.score) << ';' << toStm(e.pos, e.result)
              << ';' << moveStr(e) << ';' << e.ply << '\n';
}

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    const char* usage = "usage: sfref write|read sf-bin|sf-plain|compressed [--fen]\n";
    if (argc != 3 && argc != 4) { std::cerr << usage; return 2; }
    std::string dir = argv[1], fmt = argv[2];
    if (argc == 4) {
        if (dir != "read" || std::string(argv[3]) != "--fen") { std::cerr << usage; return 2; }
        fenOnly = true;
    }
    if (dir == "write") {
        std::string line, buf; std::vector<char> bin; std::size_t n = 0;
        while (std::getline(std::cin, line)) {
            ++n;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty()) continue;
            TrainingDataEntry e; std::string why;
            if (!parseLine(line, e, why)) { std::cerr << "skip " << n << ": " << why << '\n'; continue; }
            if (fmt == "sf-bin") emitBinEntry(bin, e);          // reference writer (trainingDataEntryToPackedSfenValue)
            else if (fmt == "sf-plain") emitPlainEntry(buf, e); // reference writer
            else if (fmt == "compressed") {
                auto cp = e.pos.compress();                      // reference Position::compress
                unsigned char out[24];
                cp.writeToBigEndian(out);
                bin.insert(bin.end(), out, out + 24);
            } else { std::cerr << "unknown format " << fmt << '\n'; return 2; }
            if (bin.size() > (1 << 20)) { std::cout.write(bin.data(), bin.size()); bin.clear(); }
            if (buf.size() > (1 << 20)) { std::cout << buf; buf.clear(); }
        }
        std::cout.write(bin.data(), bin.size()); std::cout << buf;
        return 0;
    }
    if (dir == "read") {
        if (fmt == "sf-bin") {
            nodchip::PackedSfenValue psv;
            while (std::cin.read(reinterpret_cast<char*>(&psv), sizeof(psv)))
                printEntry(packedSfenValueToTrainingDataEntry(psv));   // reference reader
            return 0;
        }
        if (fmt == "compressed") {
            unsigned char in[24];
            while (std::cin.read(reinterpret_cast<char*>(in), 24)) {
                auto pos = chess::CompressedPosition::readFromBigEndian(in).decompress(); // reference reader
                std::cout << pos.fen() << (fenOnly ? "\n" : ";-;-;-;-\n");
            }
            return 0;
        }
        if (fmt == "sf-plain") {
            // Same key/value loop as binpack::convertPlainToBin (header lines 7803-7875):
            // `key` read with operator>>, value = rest of line; record ends at `e`.
            TrainingDataEntry e; std::string key, value, move;
            for (;;) {
                std::cin >> key;
                if (!std::cin) break;
                if (key == "e") {
                    e.move = isNoMove(move) ? noMove() : chess::uci::uciToMove(e.pos, move);
                    printEntry(e);
                    continue;
                }
                std::cin >> std::ws;
                std::getline(std::cin, value, '\n');
                if (key == "fen") e.pos = chess::Position::fromFen(value.c_str());
                if (key == "move") move = value;
                if (key == "score") e.score = std::stoi(value);
                if (key == "ply") e.ply = std::stoi(value);
                if (key == "result") e.result = std::stoi(value);
            }
            return 0;
        }
    }
    std::cerr << usage;
    return 2;
}
